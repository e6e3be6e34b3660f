//! A game against the CPU as a pure transition: state and event in, next state out.
//!
//! It mirrors the solo contract: starting a game with the CPU first, and each player move, are answered by the
//! CPU within the same transition, as the contract does within one transaction. The seed for Easy travels in
//! the event, so the engine stays free of randomness and a game replays from its events.

use super::bitboard::Bitboard;
use super::cell::Cell;
use super::cpu::{Difficulty, cpu_move};
use super::position::{Position, Side};
use super::seed::Seed;
use crate::rules::{Refusal, rules_by_apply};

/// Where a solo game stands. The numbers are the Solidity enum's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[repr(u8)]
pub enum SoloResult {
    /// The player is to move.
    InProgress = 0,
    /// The player has a line.
    PlayerWon = 1,
    /// The CPU has a line.
    CpuWon = 2,
    /// The board filled up without a line.
    Draw = 3,
}

impl SoloResult {
    /// Every result, in the Solidity enum's order.
    pub const ALL: [SoloResult; 4] = [
        SoloResult::InProgress,
        SoloResult::PlayerWon,
        SoloResult::CpuWon,
        SoloResult::Draw,
    ];

    /// The result with this Solidity enum value, or `None` above 3.
    pub const fn from_u8(value: u8) -> Option<SoloResult> {
        match value {
            0 => Some(SoloResult::InProgress),
            1 => Some(SoloResult::PlayerWon),
            2 => Some(SoloResult::CpuWon),
            3 => Some(SoloResult::Draw),
            _ => None,
        }
    }
}

/// Something the player does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SoloEvent {
    /// Start a new game, replacing whatever was there.
    Start {
        /// The CPU's level.
        difficulty: Difficulty,
        /// Whether the CPU plays X and moves first.
        cpu_first: bool,
        /// Read by an Easy CPU that moves first.
        seed: Seed,
    },
    /// Put the player's stone on `cell` (as sent: anything from 0 to 255).
    Play {
        /// The cell index; only 0 to 8 are cells.
        cell: u8,
        /// Read by an Easy CPU for its reply.
        seed: Seed,
    },
}

/// One game against the CPU, always at a point where the player is to move or the game is over.
///
/// Made by [`SoloState::start`] and changed only by the rules ([`Solo`]), so the boards never overlap and the result
/// always matches them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SoloState {
    difficulty: Difficulty,
    cpu_side: Side,
    human: Bitboard,
    cpu: Bitboard,
    result: SoloResult,
    last_cpu_move: Option<Cell>,
}

impl SoloState {
    /// A new game. If the CPU goes first it has already moved, using `seed` if it is Easy.
    pub fn start(difficulty: Difficulty, cpu_first: bool, seed: &Seed) -> SoloState {
        let game = SoloState {
            difficulty,
            cpu_side: if cpu_first { Side::X } else { Side::O },
            human: Bitboard::EMPTY,
            cpu: Bitboard::EMPTY,
            result: SoloResult::InProgress,
            last_cpu_move: None,
        };
        if cpu_first { game.cpu_turn(seed) } else { game }
    }

    /// The state after `event`, or why the event means nothing now: a cell above 8, a taken cell, or a move
    /// after the game is over. [`SoloEvent::Start`] always means something.
    pub(crate) fn apply(&self, event: &SoloEvent) -> Result<SoloState, SoloRefusal> {
        match *event {
            SoloEvent::Start {
                difficulty,
                cpu_first,
                ref seed,
            } => Ok(SoloState::start(difficulty, cpu_first, seed)),
            SoloEvent::Play { cell, ref seed } => self.play(cell, seed),
        }
    }

    fn play(&self, index: u8, seed: &Seed) -> Result<SoloState, SoloRefusal> {
        if self.result != SoloResult::InProgress {
            return Err(SoloRefusal::GameOver);
        }
        let cell = Cell::new(index).ok_or(SoloRefusal::NotACell { cell: index })?;
        if self.occupied().contains(cell) {
            return Err(SoloRefusal::CellTaken { cell });
        }
        let game = SoloState {
            human: self.human.with(cell),
            last_cpu_move: None,
            ..*self
        };
        Ok(if game.human.has_line() {
            SoloState {
                result: SoloResult::PlayerWon,
                ..game
            }
        } else if game.is_full() {
            SoloState {
                result: SoloResult::Draw,
                ..game
            }
        } else {
            game.cpu_turn(seed)
        })
    }

    /// The CPU moves on a board that is not finished.
    fn cpu_turn(self, seed: &Seed) -> SoloState {
        let Some(cell) = cpu_move(self.cpu, self.human, self.difficulty, seed) else {
            // No empty cell (or overlapping boards, which this type never holds): nothing to play, and with no
            // line on the board that is a draw.
            return SoloState {
                result: SoloResult::Draw,
                ..self
            };
        };
        let game = SoloState {
            cpu: self.cpu.with(cell),
            last_cpu_move: Some(cell),
            ..self
        };
        let result = if game.cpu.has_line() {
            SoloResult::CpuWon
        } else if game.is_full() {
            SoloResult::Draw
        } else {
            SoloResult::InProgress
        };
        SoloState { result, ..game }
    }

    fn occupied(&self) -> Bitboard {
        self.human.union(self.cpu)
    }

    fn is_full(&self) -> bool {
        self.occupied() == Bitboard::FULL
    }

    /// The CPU's level.
    pub const fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// The side the CPU plays: X if it moved first.
    pub const fn cpu_side(&self) -> Side {
        self.cpu_side
    }

    /// The side the player plays.
    pub const fn human_side(&self) -> Side {
        self.cpu_side.other()
    }

    /// The player's stones.
    pub const fn human(&self) -> Bitboard {
        self.human
    }

    /// The CPU's stones.
    pub const fn cpu(&self) -> Bitboard {
        self.cpu
    }

    /// Where the game stands.
    pub const fn result(&self) -> SoloResult {
        self.result
    }

    /// The CPU's reply to the last event, if it made one.
    pub const fn last_cpu_move(&self) -> Option<Cell> {
        self.last_cpu_move
    }

    /// The board as X and O.
    pub const fn position(&self) -> Position {
        match self.cpu_side {
            Side::X => Position::from_disjoint(self.cpu, self.human),
            Side::O => Position::from_disjoint(self.human, self.cpu),
        }
    }
}

/// A Normal game with the player to move first on an empty board: what a screen shows before any choice.
impl Default for SoloState {
    fn default() -> SoloState {
        SoloState::start(Difficulty::Normal, false, &Seed::ZERO)
    }
}

/// The state after `event`, or `state` unchanged if it is refused: a shorthand for the module's tests.
#[cfg(test)]
pub(crate) fn transition(state: &SoloState, event: &SoloEvent) -> SoloState {
    state.apply(event).unwrap_or(*state)
}

rules_by_apply!(
    /// A game against the CPU as one [`Rules`](crate::rules::Rules) transition: [`SoloState::apply`], with the game
    /// given back on a refusal.
    ///
    /// ```
    /// use marubatsu_engine::rules::{Refusal, Rules};
    /// use marubatsu_engine::tictactoe::{Difficulty, Seed, Solo, SoloEvent, SoloState, SoloResult};
    ///
    /// let seed = Seed::ZERO;
    /// let mut game = SoloState::default();
    /// Solo::step(&mut game, &SoloEvent::Start { difficulty: Difficulty::Normal, cpu_first: false, seed })?;
    /// // Corner, opposite corner, third corner: Normal never sees the fork coming.
    /// for cell in [0, 8, 6, 7] {
    ///     Solo::step(&mut game, &SoloEvent::Play { cell, seed })?;
    /// }
    /// assert_eq!(game.result(), SoloResult::PlayerWon);
    /// // The game is over, so another move is refused and the game comes back unchanged.
    /// let (back, refusal) = Solo::transition(game, &SoloEvent::Play { cell: 2, seed }).unwrap_err();
    /// assert_eq!((back, refusal.code()), (game, "game_over"));
    /// # Ok::<(), marubatsu_engine::tictactoe::SoloRefusal>(())
    /// ```
    Solo: SoloState, SoloEvent, SoloRefusal,
    // The level and who starts come with the start event: every game begins before it.
    setup: (), core::convert::Infallible, |_: &()| Ok(SoloState::default())
);

/// Why a game against the CPU refused a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SoloRefusal {
    /// The game is over.
    GameOver,
    /// The index is not a cell (0 to 8).
    NotACell {
        /// The index asked for.
        cell: u8,
    },
    /// The cell already holds a stone.
    CellTaken {
        /// The cell asked for.
        cell: Cell,
    },
}

impl Refusal for SoloRefusal {
    fn code(&self) -> &'static str {
        match self {
            SoloRefusal::GameOver => "game_over",
            SoloRefusal::NotACell { .. } => "not_a_cell",
            SoloRefusal::CellTaken { .. } => "cell_taken",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::tictactoe::Outcome;
    use crate::tictactoe::position::test_util::{board, cell};

    fn play(game: &SoloState, cell: u8) -> SoloState {
        transition(game, &SoloEvent::Play { cell, seed: Seed::ZERO })
    }

    #[test]
    fn cpu_first_moves_in_the_start_transition() {
        let game = SoloState::start(Difficulty::Hard, true, &Seed::ZERO);
        assert_eq!(game.cpu_side(), Side::X);
        assert_eq!(game.cpu(), board(&[4]));
        assert_eq!(game.last_cpu_move(), Some(cell(4)));
        assert_eq!(game.result(), SoloResult::InProgress);
        assert_eq!(game.position().side_to_move(), game.human_side());
    }

    #[test]
    fn easy_first_move_follows_the_seed() {
        for k in 0..9 {
            let game = SoloState::start(Difficulty::Easy, true, &Seed::from_u64(k + 9 * 1000));
            assert_eq!(game.cpu(), board(&[k as u8]));
        }
    }

    #[test]
    fn a_player_move_is_answered_in_the_same_transition() {
        let game = play(&SoloState::default(), 0);
        assert_eq!(game.human(), board(&[0]));
        assert_eq!(game.cpu(), board(&[4]));
        assert_eq!(game.last_cpu_move(), Some(cell(4)));
    }

    #[test]
    fn meaningless_events_change_nothing() {
        let game = play(&SoloState::default(), 0);
        // Out of range, the player's own cell, the CPU's cell.
        for (bad, refusal) in [
            (9, SoloRefusal::NotACell { cell: 9 }),
            (200, SoloRefusal::NotACell { cell: 200 }),
            (u8::MAX, SoloRefusal::NotACell { cell: u8::MAX }),
            (0, SoloRefusal::CellTaken { cell: cell(0) }),
            (4, SoloRefusal::CellTaken { cell: cell(4) }),
        ] {
            assert_eq!(play(&game, bad), game, "cell {bad}");
            let event = SoloEvent::Play {
                cell: bad,
                seed: Seed::ZERO,
            };
            assert_eq!(game.apply(&event), Err(refusal));
            assert_eq!(Solo::transition(game, &event), Err((game, refusal)));
        }
    }

    #[test]
    fn normal_loses_to_corner_opposite_corner_third_corner() {
        let mut game = SoloState::default();
        for (human, cpu) in [(0, 4), (8, 2)] {
            game = play(&game, human);
            assert_eq!(game.last_cpu_move(), Some(cell(cpu)));
        }
        // X: 0, 8; O: 4, 2. O threatens 6, so the player takes it and forks at 3 and 7.
        game = play(&game, 6);
        assert_eq!(game.last_cpu_move(), Some(cell(3)));
        game = play(&game, 7);
        assert_eq!(game.result(), SoloResult::PlayerWon);
        assert_eq!(game.last_cpu_move(), None);
        assert_eq!(game.position().outcome(), Some(Outcome::Win(Side::X)));
        // Nothing moves after the end, not even a fresh cell.
        assert_eq!(play(&game, 1), game);
    }

    #[test]
    fn hard_refuses_the_same_fork() {
        let mut game = SoloState::start(Difficulty::Hard, false, &Seed::ZERO);
        game = play(&game, 0);
        game = play(&game, 8);
        // Hard answers the two corners with a side, not a corner.
        assert_eq!(game.last_cpu_move(), Some(cell(1)));
    }

    #[test]
    fn a_full_board_after_the_players_move_is_a_draw() {
        // Player X at 4, 2, 3, 7, 8; Normal answers 0 and then blocks 6, 5, 1. The last stone fills the board.
        let mut game = SoloState::default();
        for cell in [4, 2, 3, 7, 8] {
            game = play(&game, cell);
        }
        assert_eq!(game.result(), SoloResult::Draw, "{}", game.position());
        assert_eq!(game.occupied(), Bitboard::FULL);
    }

    #[test]
    fn start_replaces_any_game() {
        let game = play(&SoloState::default(), 0);
        let event = SoloEvent::Start {
            difficulty: Difficulty::Easy,
            cpu_first: false,
            seed: Seed::ZERO,
        };
        let fresh = transition(&game, &event);
        assert_eq!(fresh.difficulty(), Difficulty::Easy);
        assert_eq!(fresh.occupied(), Bitboard::EMPTY);
    }

    #[test]
    fn result_round_trips_through_u8() {
        for r in [
            SoloResult::InProgress,
            SoloResult::PlayerWon,
            SoloResult::CpuWon,
            SoloResult::Draw,
        ] {
            assert_eq!(SoloResult::from_u8(r as u8), Some(r));
        }
        assert_eq!(SoloResult::from_u8(4), None);
    }
}
