//! Every game a human can play against the CPU, to prove things about a level.

use super::cell::Cell;
use super::cpu::Difficulty;
use super::seed::Seed;
use super::solo::{SoloEvent, SoloResult, SoloState};

/// What [`explore`] found.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Exploration {
    /// Complete games: one for every sequence of human moves.
    pub lines: u64,
    /// Games the human won.
    pub human_wins: u64,
    /// Games the CPU won.
    pub cpu_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// The first game the human won, in the order explored (human cells ascending), as every move of both
    /// sides from the first; `None` if the human never wins.
    pub first_human_win: Option<Vec<Cell>>,
}

/// Plays every sequence of human moves against the CPU at `difficulty`, the CPU replying with
/// [`cpu_move`](super::cpu_move) through the same rules ([`Solo`](super::Solo)) a real solo game uses.
///
/// The CPU is deterministic given its seed, so the human's choices are the only branching: the games explored
/// are all games that can happen at that level. `seed` is given to every CPU move; it matters for Easy only.
///
/// ```
/// use marubatsu_engine::tictactoe::{explore, Difficulty, Seed};
///
/// for cpu_first in [false, true] {
///     let hard = explore(Difficulty::Hard, cpu_first, &Seed::ZERO);
///     assert_eq!(hard.human_wins, 0);
/// }
/// ```
pub fn explore(difficulty: Difficulty, cpu_first: bool, seed: &Seed) -> Exploration {
    let mut found = Exploration {
        lines: 0,
        human_wins: 0,
        cpu_wins: 0,
        draws: 0,
        first_human_win: None,
    };
    let game = SoloState::start(difficulty, cpu_first, seed);
    let mut moves: Vec<Cell> = game.last_cpu_move().into_iter().collect();
    visit(&game, seed, &mut moves, &mut found);
    found
}

fn visit(game: &SoloState, seed: &Seed, moves: &mut Vec<Cell>, found: &mut Exploration) {
    match game.result() {
        SoloResult::InProgress => {}
        SoloResult::PlayerWon => {
            found.lines += 1;
            found.human_wins += 1;
            if found.first_human_win.is_none() {
                found.first_human_win = Some(moves.clone());
            }
            return;
        }
        SoloResult::CpuWon => {
            found.lines += 1;
            found.cpu_wins += 1;
            return;
        }
        SoloResult::Draw => {
            found.lines += 1;
            found.draws += 1;
            return;
        }
    }
    for cell in game.position().legal_moves() {
        let event = SoloEvent::Play {
            cell: cell.index(),
            seed: *seed,
        };
        // Every empty cell of a game in progress is a meaningful move, so `apply` always answers here.
        let Ok(next) = game.apply(&event) else {
            continue;
        };
        let depth = moves.len();
        moves.push(cell);
        moves.extend(next.last_cpu_move());
        visit(&next, seed, moves, found);
        moves.truncate(depth);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tictactoe::position::test_util::cell;

    /// (lines, human wins, CPU wins, draws), leaving out the example line.
    fn tally(difficulty: Difficulty, cpu_first: bool, seed: &Seed) -> (u64, u64, u64, u64) {
        let e = explore(difficulty, cpu_first, seed);
        assert_eq!(e.lines, e.human_wins + e.cpu_wins + e.draws);
        assert_eq!(e.first_human_win.is_some(), e.human_wins > 0);
        (e.lines, e.human_wins, e.cpu_wins, e.draws)
    }

    /// Hard never loses. Human first: 457 games, Hard wins 346 and draws 111. CPU first: 92 games, Hard wins 82
    /// and draws 10. Zero human wins either way.
    #[test]
    fn hard_never_loses_in_any_of_its_549_games() {
        for cpu_first in [false, true] {
            let e = explore(Difficulty::Hard, cpu_first, &Seed::ZERO);
            assert_eq!(
                e.human_wins, 0,
                "cpu_first {cpu_first}: the human wins with {:?}",
                e.first_human_win
            );
        }
        assert_eq!(tally(Difficulty::Hard, false, &Seed::ZERO), (457, 0, 346, 111));
        assert_eq!(tally(Difficulty::Hard, true, &Seed::ZERO), (92, 0, 82, 10));
    }

    /// Normal and Hard never read the seed, so their games are the same whatever seed comes in.
    #[test]
    fn hard_and_normal_ignore_the_seed() {
        let other = Seed::from_be_bytes([0xA5; 32]);
        for d in [Difficulty::Normal, Difficulty::Hard] {
            for cpu_first in [false, true] {
                assert_eq!(explore(d, cpu_first, &Seed::ZERO), explore(d, cpu_first, &other));
            }
        }
    }

    /// Normal loses 12 of the 489 games when the human moves first, and none of its 94 when it moves first.
    #[test]
    fn normal_can_be_beaten_when_the_human_moves_first() {
        assert_eq!(tally(Difficulty::Normal, false, &Seed::ZERO), (489, 12, 350, 127));
        assert_eq!(tally(Difficulty::Normal, true, &Seed::ZERO), (94, 0, 80, 14));
        // The first win found: corner 0, then side 7, then corner 6 forks at 3 and 8; Normal blocks 8.
        let e = explore(Difficulty::Normal, false, &Seed::ZERO);
        let cells = [0, 4, 7, 2, 6, 8, 3].into_iter().map(cell).collect();
        assert_eq!(e.first_human_win, Some(cells));
    }

    /// With seed 0 Easy always takes its lowest empty cell when it cannot win at once. Human first: 329 of 649
    /// games are human wins; CPU first: 32 of 122.
    #[test]
    fn easy_with_seed_zero_can_be_beaten() {
        assert_eq!(tally(Difficulty::Easy, false, &Seed::ZERO), (649, 329, 296, 24));
        assert_eq!(tally(Difficulty::Easy, true, &Seed::ZERO), (122, 32, 84, 6));
    }
}
