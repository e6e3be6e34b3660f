//! A game set up part-way through: the public, checked way to make a position the rules then take over, as
//! shakmaty's `Setup` is checked into a `Position`. Tests, puzzles and replays of a real table's state use it; a
//! game that starts at the deal is [`WerewolfState::new`].

use core::fmt;

use super::chits::ChitKind;
use super::event::Phase;
use super::game::{Step, WerewolfState};
use super::hand::Hand;
use super::role::Role;
use super::seat::Seat;
use super::table::Table;
use crate::rules::Refusal;

/// Where a game on `table` stands: hands, chits, the dead, what is owed, and whose turn it is. Each method
/// notes one thing; [`Werewolf::setup`](crate::rules::Rules::setup) checks them all together and lets the rules
/// move on to the first decision.
///
/// Left as made by [`WerewolfSetup::new`], it is the deal: every hand the starting composition, round 1's seer
/// phase about to start (the same game as [`WerewolfState::new`], without the deal's log lines). It has a one-line
/// notation, read by [`WerewolfSetup::parse`] and written by `Display`.
///
/// ```
/// use marubatsu_engine::rules::Rules;
/// use marubatsu_engine::werewolf::{Hand, Pending, Seat, Table, Werewolf, WerewolfSetup};
///
/// // Seat 3 holds three seer cards, more than anyone: it starts the seer phase, and no tie is asked.
/// let mut hands = vec![Hand::new(2, 1, 5); 8];
/// hands[1] = Hand::new(2, 0, 6);
/// hands[3] = Hand::new(2, 3, 3);
/// hands[4] = Hand::new(2, 0, 6);
/// let game = Werewolf::setup(&WerewolfSetup::new(Table::DEFAULT).hands(hands)).unwrap();
/// assert_eq!(game.pending(), Some(Pending::Verdict { seer: Seat::new(3).unwrap() }));
///
/// // The cards must add up: two werewolf cards per player at this table, not one more.
/// let mut wrong = vec![Hand::new(2, 1, 5); 8];
/// wrong[0] = Hand::new(3, 1, 4);
/// assert!(Werewolf::setup(&WerewolfSetup::new(Table::DEFAULT).hands(wrong)).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WerewolfSetup {
    pub(super) table: Table,
    pub(super) hands: Option<Vec<Hand>>,
    pub(super) placed: Vec<(Seat, Seat, ChitKind)>,
    pub(super) spent: Vec<(Seat, ChitKind)>,
    pub(super) dead: Vec<Seat>,
    pub(super) owed: Vec<(Seat, Role)>,
    pub(super) draws: Vec<Seat>,
    pub(super) round: u8,
    pub(super) at: At,
}

/// Where the round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum At {
    Begin(Phase),
    Turn { phase: Phase, start: Seat, offset: u8 },
}

impl WerewolfSetup {
    /// The deal at `table`, to which the other methods add.
    pub fn new(table: Table) -> WerewolfSetup {
        WerewolfSetup {
            table,
            hands: None,
            placed: Vec::new(),
            spent: Vec::new(),
            dead: Vec::new(),
            owed: Vec::new(),
            draws: Vec::new(),
            round: 1,
            at: At::Begin(Phase::Seer),
        }
    }

    /// The table.
    pub const fn table(&self) -> &Table {
        &self.table
    }

    /// Every hand, one per seat in seat order. A role a hand holds no card of is lost (R2); [`owes`] notes a lost
    /// role still held.
    ///
    /// [`owes`]: WerewolfSetup::owes
    #[must_use]
    pub fn hands(mut self, hands: Vec<Hand>) -> WerewolfSetup {
        self.hands = Some(hands);
        self
    }

    /// `owner` has placed a chit of `kind` in front of `target`, from their supply.
    #[must_use]
    pub fn chit(mut self, owner: Seat, target: Seat, kind: ChitKind) -> WerewolfSetup {
        self.placed.push((owner, target, kind));
        self
    }

    /// `owner` has no chit of `kind` left in their supply.
    #[must_use]
    pub fn no_chits(mut self, owner: Seat, kind: ChitKind) -> WerewolfSetup {
        self.spent.push((owner, kind));
        self
    }

    /// `player` is dead (and, as the rules leave the dead, fixed: a single role in hand).
    #[must_use]
    pub fn dead(mut self, player: Seat) -> WerewolfSetup {
        self.dead.push(player);
        self
    }

    /// `player` has lost `role` while still holding cards of it: a transfer is owed (R7).
    #[must_use]
    pub fn owes(mut self, player: Seat, role: Role) -> WerewolfSetup {
        self.owed.push((player, role));
        self
    }

    /// `player` has died and waits for their card to be drawn (R8).
    #[must_use]
    pub fn awaiting_draw(mut self, player: Seat) -> WerewolfSetup {
        self.draws.push(player);
        self
    }

    /// The round, from 1.
    #[must_use]
    pub fn round(mut self, round: u8) -> WerewolfSetup {
        self.round = round;
        self
    }

    /// `phase` is about to begin: its start player is chosen, or the vote opened.
    #[must_use]
    pub fn begin(mut self, phase: Phase) -> WerewolfSetup {
        self.at = At::Begin(phase);
        self
    }

    /// The turns of `phase` (seer or attack) started at `start`, and `offset` seats have had theirs.
    #[must_use]
    pub fn turn(mut self, phase: Phase, start: Seat, offset: u8) -> WerewolfSetup {
        self.at = At::Turn { phase, start, offset };
        self
    }

    /// The game this setup describes, its rules moved on to the first decision; see
    /// [`Werewolf::setup`](crate::rules::Rules::setup).
    pub(crate) fn start(&self) -> Result<WerewolfState, WerewolfSetupError> {
        let table = self.table;
        let players = table.players();
        let mut game = WerewolfState::new(table);
        game.log.clear();
        game.step = Step::Begin(Phase::Seer);
        let on_table = |seat: Seat| {
            if seat.index() < usize::from(players) {
                Ok(seat)
            } else {
                Err(WerewolfSetupError::NoSuchSeat { seat, players })
            }
        };
        if let Some(hands) = &self.hands {
            if hands.len() != usize::from(players) {
                return Err(WerewolfSetupError::HandCount {
                    hands: hands.len(),
                    players,
                });
            }
            for (i, &hand) in hands.iter().enumerate() {
                game.hands[i] = hand;
                game.lost[i] = hand.roles().complement();
            }
        }
        for seat in game.seats() {
            // Summed wide: a hand read from a line may hold 255 cards of each role.
            let cards: u16 = game.hands[seat.index()].counts().iter().map(|&c| u16::from(c)).sum();
            if cards != u16::from(players) {
                return Err(WerewolfSetupError::HandSize { seat, cards, players });
            }
        }
        for role in Role::ALL {
            let cards: u32 = game.seats().map(|s| u32::from(game.hands[s.index()].count(role))).sum();
            let expected = u32::from(table.count(role)) * u32::from(players);
            if cards != expected {
                return Err(WerewolfSetupError::RoleTotal { role, cards, expected });
            }
        }
        for &(owner, kind) in &self.spent {
            game.left[on_table(owner)?.index()][kind.index()] = 0;
        }
        for &(owner, target, kind) in &self.placed {
            let (owner, target) = (on_table(owner)?, on_table(target)?);
            let left = &mut game.left[owner.index()][kind.index()];
            *left = left
                .checked_sub(1)
                .ok_or(WerewolfSetupError::NoChitLeft { owner, kind })?;
            game.chits.place(owner, target, kind);
        }
        for &player in self.dead.iter().chain(&self.draws) {
            game.alive = game.alive.without(on_table(player)?);
        }
        for (i, &(player, role)) in self.owed.iter().enumerate() {
            let player = on_table(player)?;
            if self.owed[..i].contains(&(player, role)) {
                return Err(WerewolfSetupError::Twice { player });
            }
            if game.hands[player.index()].count(role) == 0 {
                return Err(WerewolfSetupError::OwesUnheld { player, role });
            }
            game.lost[player.index()] = game.lost[player.index()].with(role);
            game.transfers.push((player, role));
        }
        for (i, &player) in self.draws.iter().enumerate() {
            if self.draws[..i].contains(&player) {
                return Err(WerewolfSetupError::Twice { player });
            }
            game.draws.push(player);
        }
        if self.round == 0 {
            return Err(WerewolfSetupError::RoundZero);
        }
        game.round = self.round;
        game.step = match self.at {
            At::Begin(phase) => Step::Begin(phase),
            At::Turn { phase, start, offset } => {
                if phase == Phase::Vote || offset >= players {
                    return Err(WerewolfSetupError::NoSuchTurn { phase, offset });
                }
                Step::Turns {
                    phase,
                    start: on_table(start)?,
                    offset,
                }
            }
        };
        game.advance();
        Ok(game)
    }
}

/// Why a [`WerewolfSetup`] describes no game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WerewolfSetupError {
    /// Not one hand per seat.
    HandCount {
        /// Hands given.
        hands: usize,
        /// Seats at the table.
        players: u8,
    },
    /// A hand without one card per player (R1).
    HandSize {
        /// Whose hand.
        seat: Seat,
        /// Cards in it.
        cards: u16,
        /// Players at the table: the cards every hand holds.
        players: u8,
    },
    /// A role's cards do not add up to its count times the players (R1).
    RoleTotal {
        /// The role.
        role: Role,
        /// Its cards in all hands.
        cards: u32,
        /// What the table deals.
        expected: u32,
    },
    /// A seat the table does not have.
    NoSuchSeat {
        /// The seat named.
        seat: Seat,
        /// Seats at the table.
        players: u8,
    },
    /// A chit placed from a supply that has none of its kind left.
    NoChitLeft {
        /// Whose supply.
        owner: Seat,
        /// The kind.
        kind: ChitKind,
    },
    /// A transfer owed of a role the player holds no card of.
    OwesUnheld {
        /// Who owes.
        player: Seat,
        /// The role.
        role: Role,
    },
    /// A player said twice to owe the same role, or to wait twice for their draw.
    Twice {
        /// Who.
        player: Seat,
    },
    /// Round 0: rounds count from 1.
    RoundZero,
    /// Turns the phase does not have (the vote has none; a turn past the last seat).
    NoSuchTurn {
        /// The phase.
        phase: Phase,
        /// Seats said to have had their turn.
        offset: u8,
    },
}

impl Refusal for WerewolfSetupError {
    fn code(&self) -> &'static str {
        match self {
            WerewolfSetupError::HandCount { .. } => "hand_count",
            WerewolfSetupError::HandSize { .. } => "hand_size",
            WerewolfSetupError::RoleTotal { .. } => "role_total",
            WerewolfSetupError::NoSuchSeat { .. } => "no_such_seat",
            WerewolfSetupError::NoChitLeft { .. } => "no_chit_left",
            WerewolfSetupError::OwesUnheld { .. } => "owes_unheld",
            WerewolfSetupError::Twice { .. } => "twice",
            WerewolfSetupError::RoundZero => "round_zero",
            WerewolfSetupError::NoSuchTurn { .. } => "no_such_turn",
        }
    }
}

impl fmt::Display for WerewolfSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            WerewolfSetupError::HandCount { hands, players } => {
                write!(f, "{hands} hands for {players} seats: one hand per seat")
            }
            WerewolfSetupError::HandSize { seat, cards, players } => {
                write!(
                    f,
                    "{seat} holds {cards} cards; every hand holds {players}, one per player"
                )
            }
            WerewolfSetupError::RoleTotal { role, cards, expected } => {
                write!(f, "the hands hold {cards} {role} cards; the table deals {expected}")
            }
            WerewolfSetupError::NoSuchSeat { seat, players } => {
                write!(f, "{seat} is not at this table of {players}")
            }
            WerewolfSetupError::NoChitLeft { owner, kind } => {
                write!(f, "{owner} has no {kind} chit left to place")
            }
            WerewolfSetupError::OwesUnheld { player, role } => {
                write!(f, "{player} is said to owe {role} cards but holds none")
            }
            WerewolfSetupError::Twice { player } => {
                write!(f, "{player} is said twice to owe the same role or to wait for a draw")
            }
            WerewolfSetupError::RoundZero => f.write_str("rounds count from 1"),
            WerewolfSetupError::NoSuchTurn { phase, offset } => {
                write!(f, "the {phase} has no turn {offset}")
            }
        }
    }
}

impl core::error::Error for WerewolfSetupError {}
