use std::fmt;

/// What a proof is doing, for a progress display.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The proof's name.
    pub stage: String,
    /// Units done (lines, positions, masks).
    pub done: u64,
    /// Units in all, when known in advance.
    pub total: Option<u64>,
}

impl Progress {
    /// Progress of `stage` with `done` units of an unknown total.
    pub fn counting(stage: &str, done: u64) -> Self {
        Self {
            stage: stage.to_owned(),
            done,
            total: None,
        }
    }
}

impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.total {
            Some(total) => write!(f, "{}: {}/{}", self.stage, self.done, total),
            None => write!(f, "{}: {}", self.stage, self.done),
        }
    }
}
