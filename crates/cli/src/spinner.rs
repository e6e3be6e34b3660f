//! A spinner on stderr while a transaction waits for its receipt; silent when stderr is not a terminal.

use std::io::{IsTerminal, Write};

use marubatsu_deploy::Waiting;

const FRAMES: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// Redraws one status line per poll and clears it when the receipt is in.
pub(crate) struct Spinner {
    enabled: bool,
    frame: usize,
}

impl Spinner {
    pub(crate) fn new() -> Self {
        Self {
            enabled: std::io::stderr().is_terminal(),
            frame: 0,
        }
    }

    pub(crate) fn update(&mut self, waiting: &Waiting<'_>) {
        if !self.enabled {
            return;
        }
        let mut stderr = std::io::stderr();
        if waiting.done {
            let _ = write!(stderr, "\r\x1b[2K");
        } else {
            self.frame = (self.frame + 1) % FRAMES.len();
            let _ = write!(
                stderr,
                "\r\x1b[2K{} waiting for the receipt of {} ({}) … {}s",
                FRAMES[self.frame],
                waiting.what,
                waiting.hash,
                waiting.elapsed.as_secs()
            );
        }
        let _ = stderr.flush();
    }
}
