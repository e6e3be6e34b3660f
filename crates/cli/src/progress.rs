//! Progress on stderr, drawn by indicatif: a bar for counted work (`prove`, `gas`, the werewolf sweep) and a
//! spinner while a transaction waits for its receipt. indicatif's stderr target draws only on a terminal, so
//! nothing of it reaches a pipe or CI's log; there the sweep writes a plain line every tenth of the way instead.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use marubatsu_client::rpc::Waiting;

/// A bar (or, for work of unknown size, a counter) per stage of a proof or a measurement.
pub(crate) struct StageBar {
    bar: ProgressBar,
    stage: Option<String>,
}

impl StageBar {
    pub(crate) fn new() -> Self {
        Self {
            bar: ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
            stage: None,
        }
    }

    pub(crate) fn update(&mut self, progress: &marubatsu_prove::Progress) {
        if self.stage.as_deref() != Some(progress.stage.as_str()) {
            let (length, template) = match progress.total {
                Some(total) if total > 0 => (Some(total), "{msg} [{bar:30}] {pos}/{len}"),
                _ => (None, "{msg} … {pos}"),
            };
            self.bar.set_length(length.unwrap_or(0));
            if length.is_none() {
                self.bar.unset_length();
            }
            self.bar.set_style(style(template).progress_chars("#> "));
            self.bar.set_message(progress.stage.clone());
            self.stage = Some(progress.stage.clone());
        }
        self.bar.set_position(progress.done);
    }

    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The werewolf sweep's progress, reported from every worker thread.
pub(crate) struct SweepMeter {
    bar: ProgressBar,
    label: &'static str,
    terminal: bool,
    /// Tenths of the way already written when stderr is not a terminal.
    tenths_written: AtomicU64,
}

impl SweepMeter {
    pub(crate) fn new(games: u64) -> Self {
        Self::labelled("sweep", games)
    }

    /// A meter whose lines begin with `label` (a stage of the workbench).
    pub(crate) fn labelled(label: &'static str, games: u64) -> Self {
        let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
        bar.set_style(style(&format!(
            "{label}: {{percent:>3}}% ({{pos}} of {{len}} games), {{elapsed}} elapsed, about {{eta}} left"
        )));
        Self {
            bar,
            label,
            terminal: std::io::stderr().is_terminal(),
            tenths_written: AtomicU64::new(0),
        }
    }

    pub(crate) fn show(&self, progress: marubatsu_sim::Progress) {
        if self.terminal {
            self.bar.set_position(progress.done);
            return;
        }
        let tenth = progress.done * 10 / progress.total.max(1);
        if self.tenths_written.fetch_max(tenth, Ordering::Relaxed) < tenth {
            eprintln!(
                "{}: {:>3}% ({} of {} games), {} elapsed, about {} left",
                self.label,
                100 * progress.done / progress.total.max(1),
                progress.done,
                progress.total,
                minutes(progress.elapsed),
                progress.eta().map_or_else(|| "?".to_owned(), minutes)
            );
        }
    }

    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// A spinner while a transaction waits for its receipt.
pub(crate) struct Spinner {
    bar: ProgressBar,
}

impl Spinner {
    pub(crate) fn new() -> Self {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(style("{spinner} waiting for the receipt of {msg} … {elapsed}"));
        Self { bar }
    }

    pub(crate) fn update(&mut self, waiting: &Waiting<'_>) {
        if waiting.done {
            self.bar.finish_and_clear();
            // The next transaction of the same run gets a spinner of its own.
            self.bar.reset();
            return;
        }
        self.bar.set_message(format!("{} ({})", waiting.what, waiting.hash));
        self.bar.tick();
    }
}

fn style(template: &str) -> ProgressStyle {
    // The templates are literals of this file; a typo in one is a bug that the first draw would show.
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

/// `m:ss`.
pub(crate) fn minutes(duration: Duration) -> String {
    let secs = duration.as_secs();
    format!("{}:{:02}", secs / 60, secs % 60)
}
