//! Times the whole-tree walks: `cargo bench -p marubatsu-engine --bench tree`.
//!
//! No benchmark framework, so the engine keeps zero dependencies: each workload runs a few times and the median
//! and the fastest run are printed. Pass a number to change the iterations (`-- 21`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use marubatsu_engine::tictactoe::{Difficulty, Seed, count_tree, explore};

fn main() {
    // cargo passes `--bench`; the first argument that parses as a number sets the iterations.
    let iterations = std::env::args()
        .skip(1)
        .find_map(|arg| arg.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(11);
    println!("{iterations} iterations each");

    time("count_tree (549,946 nodes)", iterations, || {
        black_box(count_tree());
    });
    for cpu_first in [false, true] {
        let label = if cpu_first {
            "explore Hard, CPU first"
        } else {
            "explore Hard, human first"
        };
        time(label, iterations, || {
            black_box(explore(Difficulty::Hard, black_box(cpu_first), &Seed::ZERO));
        });
    }
}

fn time(label: &str, iterations: usize, mut run: impl FnMut()) {
    // One untimed run so first-touch costs (allocation, page faults) do not land on a measurement.
    run();
    let mut samples: Vec<Duration> = (0..iterations)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .collect();
    samples.sort();
    let median = samples[samples.len() / 2];
    let min = samples[0];
    println!("{label:<32} median {median:>12.3?}   min {min:>12.3?}");
}
