//! A one-line progress display on stderr, shown only when stderr is a terminal (quiet when piped or in CI).

use std::io::{IsTerminal, Write};

use marubatsu_prove::Progress;

/// Redraws a status line as work advances; does nothing when stderr is not a terminal.
pub(crate) struct ProgressLine {
    enabled: bool,
    last: Option<(String, u64)>,
}

impl ProgressLine {
    pub(crate) fn new() -> Self {
        Self {
            enabled: std::io::stderr().is_terminal(),
            last: None,
        }
    }

    pub(crate) fn update(&mut self, progress: &Progress) {
        if !self.enabled {
            return;
        }
        // Redrawing on every unit would cost more than the work; redraw every 64 units or on a new stage.
        let new_stage = self.last.as_ref().is_none_or(|(stage, _)| *stage != progress.stage);
        if !new_stage && self.last.as_ref().is_some_and(|(_, done)| progress.done < done + 64) {
            return;
        }
        let line = match progress.total {
            Some(total) if total > 0 => {
                let filled = (progress.done * 30 / total) as usize;
                format!(
                    "{} [{}{}] {}/{}",
                    progress.stage,
                    "#".repeat(filled),
                    " ".repeat(30 - filled),
                    progress.done,
                    total
                )
            }
            _ => format!("{} … {}", progress.stage, progress.done),
        };
        let mut stderr = std::io::stderr();
        let _ = write!(stderr, "\r\x1b[2K{line}");
        let _ = stderr.flush();
        self.last = Some((progress.stage.clone(), progress.done));
    }

    pub(crate) fn finish(&mut self) {
        if self.enabled && self.last.is_some() {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
        }
    }
}
