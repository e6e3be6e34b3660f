//! How the CLI ends: a user-facing error is one message and its causes, without source locations or a
//! backtrace (those are for panics, which are bugs); a closed pipe ends it quietly; colour only on a terminal.

use std::{
    io::{IsTerminal, Write},
    process::ExitCode,
};

/// Restores the default action of SIGPIPE, which Rust's runtime ignores: `marubatsu gas | head -1` then ends
/// the way `cat` does when `head` closes the pipe (killed by SIGPIPE, silently), instead of panicking inside
/// `println!`. Not for `serve`, whose sockets must survive a client that hangs up.
pub(crate) fn die_quietly_on_closed_pipe() {
    // SAFETY: called first thing in `main`, before any thread exists; SIG_DFL is a valid disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Prints `err` as `error: MESSAGE` and one `caused by:` line per cause, and returns the failure exit code. A
/// write to a closed pipe is not worth a message.
pub(crate) fn error(err: &eyre::Report) -> ExitCode {
    let broken_pipe = err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    });
    if broken_pipe {
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
    ExitCode::FAILURE
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
