//! How the CLI ends: a user-facing error is one message and its causes, without source locations or a
//! backtrace (those are for panics, which are bugs); a closed pipe ends it quietly; colour only on a terminal.

use std::{
    io::{IsTerminal, Write},
    process::ExitCode,
};

/// `println!` and `print!` for the whole crate (this module is declared first in `main.rs`, so these shadow std's):
/// the same formatting, but a closed stdout (`marubatsu gas | head -1`) ends the process quietly instead of
/// panicking inside std's macro. SIGPIPE itself stays ignored, as Rust's runtime leaves it: with its default
/// action restored, a write to an RPC socket whose peer hung up would kill the process without a word, possibly
/// between sending a transaction and saying so.
macro_rules! println {
    () => { $crate::report::write_stdout(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::report::write_stdout(format_args!("{}\n", format_args!($($arg)*))) };
}

macro_rules! print {
    ($($arg:tt)*) => { $crate::report::write_stdout(format_args!($($arg)*)) };
}

/// Writes to stdout; when the reader has gone, there is nobody left to tell anything, so the process ends with
/// success, as `cat` does. Any other write error is a bug in the environment worth a message on stderr.
pub(crate) fn write_stdout(text: std::fmt::Arguments<'_>) {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_fmt(text).and_then(|()| stdout.flush()) {
        Ok(()) => {}
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(err) => {
            let _ = writeln!(std::io::stderr(), "error: cannot write to stdout: {err}");
            std::process::exit(1);
        }
    }
}

/// The outermost context of an error after which nothing at all could be checked (`prove` of a contract that
/// does not compile or does not speak the interface): the process exits with 2, apart from 1, "a check failed".
#[derive(Clone, Copy, Debug)]
pub(crate) struct NothingProved;

impl std::fmt::Display for NothingProved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("nothing could be proved")
    }
}

/// Prints `err` as `error: MESSAGE` and one `caused by:` line per cause, and returns the failure exit code (2
/// after [`NothingProved`], else 1). A write to a closed pipe is not worth a message.
pub(crate) fn error(err: &eyre::Report) -> ExitCode {
    let broken_pipe = err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    });
    if broken_pipe {
        return ExitCode::SUCCESS;
    }
    // --async: sending was the whole job. The hash alone on stdout, as `cast send --async` prints it.
    if let Some(marubatsu_client::Error::NotAwaited { hash, .. }) = err
        .chain()
        .find_map(|cause| cause.downcast_ref::<marubatsu_client::Error>())
    {
        println!("{hash}");
        eprintln!("note: {err}: `marubatsu tx wait {hash}` follows it");
        return ExitCode::SUCCESS;
    }
    let colour = colour_on_stderr();
    let mut text = format!("error: {err}\n");
    for cause in err.chain().skip(1) {
        text.push_str(&format!("  caused by: {cause}\n"));
    }
    if !colour {
        text = strip_ansi(&text);
    }
    let _ = std::io::stderr().write_all(text.as_bytes());
    if err.downcast_ref::<NothingProved>().is_some() {
        ExitCode::from(2)
    } else {
        ExitCode::FAILURE
    }
}

/// Colour is for people: only on a terminal, and never when `NO_COLOR` is set (to anything non-empty,
/// https://no-color.org).
pub(crate) fn colour_on_stderr() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// `text` without ANSI escape sequences (CSI `ESC [ … letter` and OSC `ESC ] … BEL`), as solc's diagnostics
/// carry them through foundry-compilers whatever the output is.
pub(crate) fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('[') => {
                for next in chars.by_ref() {
                    if ('@'..='~').contains(&next) {
                        break;
                    }
                }
            }
            Some(']') => {
                while let Some(next) = chars.next() {
                    if next == '\u{7}' {
                        break;
                    }
                    if next == '\u{1b}' && chars.peek() == Some(&'\\') {
                        chars.next();
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::strip_ansi;

    #[test]
    fn escapes_are_stripped_and_text_kept() {
        assert_eq!(
            strip_ansi("\u{1b}[1;31merror\u{1b}[0m: x\u{1b}]8;;http://a\u{7}link"),
            "error: xlink"
        );
        assert_eq!(strip_ansi("plain ✓"), "plain ✓");
    }
}
