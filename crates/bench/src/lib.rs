//! The harness every `cargo bench` target of the workspace shares (no framework, so the engine's benches keep it
//! free of dependencies): the iteration count from the command line, one untimed warm-up run so that first-touch
//! costs (allocation, page faults, a cold cache) land on no sample, and the median and fastest samples.
//!
//! ```
//! let timing = marubatsu_bench::measure(5, || std::hint::black_box(2 + 2));
//! assert!(timing.fastest <= timing.median);
//! ```

use std::time::{Duration, Instant};

/// The first command-line word that is a positive number (cargo passes `--bench` first), else `default`.
pub fn iterations(default: usize) -> usize {
    numbers().next().unwrap_or(default)
}

/// The command-line words that are not flags (cargo's `--bench` is one): a bench's own arguments.
pub fn words() -> Vec<String> {
    std::env::args()
        .skip(1)
        .filter(|word| !word.starts_with("--"))
        .collect()
}

fn numbers() -> impl Iterator<Item = usize> {
    words()
        .into_iter()
        .filter_map(|word| word.parse().ok())
        .filter(|&n| n > 0)
}

/// The median and the fastest of a bench's samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// The middle sample (the upper one of an even count).
    pub median: Duration,
    /// The fastest sample.
    pub fastest: Duration,
}

/// Runs `run` once untimed, then `iterations` times (at least once) timed.
pub fn measure<T>(iterations: usize, mut run: impl FnMut() -> T) -> Timing {
    std::hint::black_box(run());
    let mut samples: Vec<Duration> = (0..iterations.max(1))
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(run());
            start.elapsed()
        })
        .collect();
    samples.sort();
    Timing {
        median: samples[samples.len() / 2],
        fastest: samples[0],
    }
}

/// [`measure`]s `run` and prints one aligned line: `label  median …   min …`.
pub fn time<T>(label: &str, iterations: usize, run: impl FnMut() -> T) -> Timing {
    let timing = measure(iterations, run);
    println!(
        "{label:<32} median {:>12.3?}   min {:>12.3?}",
        timing.median, timing.fastest
    );
    timing
}
