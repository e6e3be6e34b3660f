//! Times the whole-tree walks: `cargo bench -p marubatsu-engine --bench tree`.
//!
//! The workspace's one harness (`marubatsu-bench`, no dependencies): each workload runs a few times and the
//! median and the fastest run are printed. Pass a number to change the iterations (`-- 21`).

use std::hint::black_box;

use marubatsu_bench::{iterations, time};
use marubatsu_engine::tictactoe::{Difficulty, Seed, count_tree, explore};

fn main() {
    let iterations = iterations(11);
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
