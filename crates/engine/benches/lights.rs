//! Times the cross light solver: `cargo bench -p marubatsu-engine --bench lights`.
//!
//! The workspace's harness (`marubatsu-bench`): each workload is a batch of solves, run a few times, and the median
//! and fastest time per solve are printed. The boards are fixed pseudo-random ones (the engine's SplitMix64 with a
//! fixed seed), so every run solves the same boards. Pass a number to change the iterations (`-- 21`).

use std::hint::black_box;

use marubatsu_engine::lights::{Bitboard, Board, Level, Lights, LightsEvent, LightsState, Size, solve};
use marubatsu_engine::random::{RandomSource, SplitMix64};
use marubatsu_engine::rules::Rules;

/// Boards solved per timed batch: enough that one batch takes far longer than the clock's resolution.
const BATCH: usize = 1_000;

fn main() {
    let iterations = marubatsu_bench::iterations(11);
    println!("{iterations} iterations of {BATCH} solves each; time per solve");

    let mut rng = Boards(SplitMix64::new(0x5EED_1A6B));
    for size in Size::ALL {
        // Any board, solvable or not (on 5×5 three in four are not, and saying so is part of the work).
        let boards: Vec<Board> = (0..BATCH).map(|_| rng.board(size)).collect();
        time(&format!("solve, random {size} boards"), iterations, || {
            for &board in &boards {
                black_box(solve(black_box(board)));
            }
        });
    }
    time("solve, all-lit 7×7 board", iterations, || {
        for _ in 0..BATCH {
            black_box(solve(black_box(Board::all_lit(Size::Seven))));
        }
    });

    // What the web page asks per press on the hard level: a hint on a scrambled 7×7 board.
    let games: Vec<LightsState> = (0..BATCH).map(|_| rng.game(Level::Hard)).collect();
    time("hint on a scrambled 7×7 puzzle", iterations, || {
        for game in &games {
            black_box(Lights::transition(black_box(game).clone(), &LightsEvent::Hint).ok());
        }
    });
}

/// Times a batch with the workspace's harness and prints the time per solve.
fn time(label: &str, iterations: usize, run: impl FnMut()) {
    let batch = marubatsu_bench::measure(iterations, run);
    let (median, min) = (batch.median / BATCH as u32, batch.fastest / BATCH as u32);
    println!("{label:<34} median {median:>10.3?}   min {min:>10.3?}");
}

/// Fixed boards and puzzles from the project's one generator, SplitMix64 with a fixed seed.
struct Boards(SplitMix64);

impl Boards {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A board of `size` whose lights are each on with probability one half.
    fn board(&mut self, size: Size) -> Board {
        let lit = Bitboard::from_bits(self.next() & size.full().bits()).unwrap_or(Bitboard::EMPTY);
        Board::new(size, lit).unwrap_or(Board::dark(size))
    }

    /// A puzzle of `level` from distinct cells drawn as the web page draws them.
    fn game(&mut self, level: Level) -> LightsState {
        let n = level.size().cells();
        let mut cells: Vec<u8> = (0..n).collect();
        // A partial Fisher–Yates shuffle: the first `scramble_presses` cells are a uniform choice.
        for i in 0..usize::from(level.scramble_presses()) {
            let j = i + self.0.below(usize::from(n) - i);
            cells.swap(i, j);
        }
        cells.truncate(usize::from(level.scramble_presses()));
        match LightsState::new(level, &cells, 0) {
            Ok(game) => game,
            Err(err) => panic!("a shuffle gives a valid scramble: {err}"),
        }
    }
}
