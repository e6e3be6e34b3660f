//! The state of a game: hands, lost possibilities, chits, who is alive, where the round is, what is owed.
//!
//! [`WerewolfState`] is plain data (fixed arrays and the log); the rules that change it live in `cascade.rs` (R2, R6,
//! R7, R8), `flow.rs` (R3, R4, R5, R9, R10, R11), `vote.rs` (R9's count) and `play.rs` (events), and `legal.rs` says
//! what may happen next.

use super::chits::{ChitKind, Chits};
use super::event::{Pending, Phase};
use super::hand::Hand;
use super::log::{Happening, LogEntry};
use super::options::Unplaceable;
use super::outcome::Outcome;
use super::queue::Fifo;
use super::readings::DeathDraw;
use super::role::{Role, RoleSet};
use super::seat::{MAX_PLAYERS, Seat, SeatSet};
use super::table::Table;

/// Where the round stands when no transfer or draw is owed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Step {
    /// The phase is about to start: its start player is chosen (seer, attack) or the vote is opened.
    Begin(Phase),
    /// Turns of the seer or attack phase: the seat `offset` places clockwise from `start` is next.
    Turns {
        /// Seer or attack.
        phase: Phase,
        /// The start player.
        start: Seat,
        /// How many seats have had their turn.
        offset: u8,
    },
    /// The vote, or a run-off, waits for every alive player's ballot (one event).
    Ballots {
        /// Who may be pointed at.
        candidates: SeatSet,
        /// How many run-offs preceded this vote in the phase.
        runoff: u16,
    },
    /// The vote killed someone; once that has resolved and the game goes on, the next round begins.
    NextRound,
}

/// A game of quantum werewolf: everything on the table, and what the engine waits for.
///
/// Made by [`WerewolfState::new`] and changed only by events, through the rules ([`Werewolf`](super::Werewolf)),
/// so every state is one the rules can reach. Everything is public information, as at the table.
///
/// ```
/// use marubatsu_engine::werewolf::{WerewolfState, Pending, Phase, Role, Table};
///
/// let game = WerewolfState::new(Table::DEFAULT);
/// let seat = game.seats().next().unwrap();
/// assert_eq!(game.hand(seat).to_string(), "2W 1S 5V");
/// assert_eq!(game.share(seat, Role::Werewolf), 0.25);
/// // Everybody holds one seer card: rock-paper-scissors decides who starts.
/// assert!(matches!(game.pending(), Some(Pending::StartPlayer { phase: Phase::Seer, tied }) if tied.len() == 8));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WerewolfState {
    pub(crate) table: Table,
    pub(crate) hands: [Hand; MAX_PLAYERS],
    pub(crate) lost: [RoleSet; MAX_PLAYERS],
    pub(crate) alive: SeatSet,
    /// Unused chits per player, by [`ChitKind::index`].
    pub(crate) left: [[u8; 3]; MAX_PLAYERS],
    pub(crate) chits: Chits,
    pub(crate) round: u8,
    pub(crate) step: Step,
    /// Transfers owed (R7), in the order they arose; any that can be completed may be made first (Version 2),
    /// and a debt another transfer settled is dropped at once. A player loses each role at most once, and
    /// losing the third ends the game, so at most 2 per player are ever owed; 3 per player is room to spare.
    pub(crate) transfers: Fifo<(Seat, Role), { 3 * MAX_PLAYERS }>,
    /// Dead players waiting for their card to be drawn (R8); each player dies once.
    pub(crate) draws: Fifo<Seat, MAX_PLAYERS>,
    /// Cards each player discarded because nobody could take them ([`Unplaceable::Discard`]).
    pub(crate) discarded: [Hand; MAX_PLAYERS],
    pub(crate) outcome: Option<Outcome>,
    pub(crate) log: Vec<LogEntry>,
    pub(crate) logging: bool,
}

impl WerewolfState {
    /// A new game at `table`: every hand the starting composition, every chit in its owner's supply, round 1's
    /// seer phase about to start.
    pub fn new(table: Table) -> WerewolfState {
        let players = table.players();
        let mut hands = [Hand::default(); MAX_PLAYERS];
        let mut left = [[0; 3]; MAX_PLAYERS];
        for seat in Seat::all(players) {
            hands[seat.index()] = table.starting_hand();
            left[seat.index()] = [table.black(), table.white(), table.attacks()];
        }
        let mut game = WerewolfState {
            table,
            hands,
            lost: [RoleSet::EMPTY; MAX_PLAYERS],
            alive: SeatSet::first_seats(players),
            left,
            chits: Chits::EMPTY,
            round: 1,
            step: Step::Begin(Phase::Seer),
            transfers: Fifo::new(),
            draws: Fifo::new(),
            discarded: [Hand::default(); MAX_PLAYERS],
            outcome: None,
            log: Vec::new(),
            logging: true,
        };
        game.record(Happening::RoundBegan);
        game.record(Happening::PhaseBegan { phase: Phase::Seer });
        game.advance();
        game
    }

    /// The same game without a log from here on: for simulations, where nobody reads it.
    #[must_use]
    pub fn without_log(mut self) -> WerewolfState {
        self.logging = false;
        self.log = Vec::new();
        self
    }

    /// The table.
    pub const fn table(&self) -> &Table {
        &self.table
    }

    /// How many players.
    pub const fn players(&self) -> u8 {
        self.table.players()
    }

    /// Every seat at the table, in seat order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        Seat::all(self.players())
    }

    /// Whether `seat` is at this table.
    pub const fn has_seat(&self, seat: Seat) -> bool {
        seat.number() < self.players()
    }

    /// `seat`'s hand (empty for a seat the table does not have).
    pub const fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat.index()]
    }

    /// The probability that `seat` has `role`: the role's share of their hand.
    pub fn share(&self, seat: Seat, role: Role) -> f64 {
        self.hand(seat).share(role)
    }

    /// The roles `seat` has lost (R2).
    pub const fn lost(&self, seat: Seat) -> RoleSet {
        self.lost[seat.index()]
    }

    /// The roles `seat` may still be.
    pub const fn possible(&self, seat: Seat) -> RoleSet {
        self.lost[seat.index()].complement()
    }

    /// The role `seat` is fixed as, if every other role is lost (R2).
    pub const fn fixed_as(&self, seat: Seat) -> Option<Role> {
        self.possible(seat).only()
    }

    /// Whether `seat` is fixed. A player who has lost every role counts as fixed too, though the game has
    /// then ended in a paradox.
    pub const fn is_fixed(&self, seat: Seat) -> bool {
        self.possible(seat).len() <= 1
    }

    /// Whether `seat` is alive.
    pub const fn is_alive(&self, seat: Seat) -> bool {
        self.alive.contains(seat)
    }

    /// The living.
    pub const fn alive(&self) -> SeatSet {
        self.alive
    }

    /// Every chit on the table.
    pub const fn chits(&self) -> &Chits {
        &self.chits
    }

    /// How many chits of `kind` `seat` still has to place.
    pub const fn chits_left(&self, seat: Seat, kind: ChitKind) -> u8 {
        self.left[seat.index()][kind.index()]
    }

    /// The round, from 1.
    pub const fn round(&self) -> u8 {
        self.round
    }

    /// The phase the round is in (the vote phase also while its death resolves).
    pub const fn phase(&self) -> Phase {
        match self.step {
            Step::Begin(phase) | Step::Turns { phase, .. } => phase,
            Step::Ballots { .. } | Step::NextRound => Phase::Vote,
        }
    }

    /// The transfers owed, in the order they arose (R7): always current — a debt settled by someone else's
    /// transfer taking the cards back is gone (Version 2) — and none once the game has ended.
    pub fn owed_transfers(&self) -> &[(Seat, Role)] {
        self.transfers.as_slice()
    }

    /// The transfers owed that can be completed now, with the cards each hands over, in the order they arose:
    /// each debtor may make theirs first (R7, Version 2). Empty when none is owed, or none can be completed
    /// (then the game has ended in a paradox).
    ///
    /// Under [`Unplaceable::Discard`], when none can be completed in full, every debt is ready with as many
    /// cards as may be placed (the rest are discarded); a debt none of whose cards may be placed is discarded
    /// without a decision, so the count is then at least 1.
    pub fn ready_transfers(&self) -> Vec<(Seat, Role, u8)> {
        let full = self.full_transfers();
        if !full.is_empty() || self.table.options().unplaceable == Unplaceable::Paradox {
            return full;
        }
        self.transfers
            .as_slice()
            .iter()
            .map(|&(from, role)| {
                let placeable = self
                    .transfer_capacity(from, role)
                    .min(u16::from(self.hand(from).count(role)));
                (from, role, placeable as u8)
            })
            .filter(|&(_, _, cards)| cards > 0)
            .collect()
    }

    /// The transfers owed that can be completed in full now (R7, Version 2).
    pub(crate) fn full_transfers(&self) -> Vec<(Seat, Role, u8)> {
        self.transfers
            .as_slice()
            .iter()
            .map(|&(from, role)| (from, role, self.hand(from).count(role)))
            .filter(|&(from, role, cards)| self.transfer_capacity(from, role) >= u16::from(cards))
            .collect()
    }

    /// Cards `seat` has discarded because nobody could take them ([`Unplaceable::Discard`]); their hand is
    /// that much smaller than the table's.
    pub const fn discarded(&self, seat: Seat) -> Hand {
        self.discarded[seat.index()]
    }

    /// The dead players waiting for their draw, in order (R8); none once the game has ended.
    pub fn owed_draws(&self) -> &[Seat] {
        self.draws.as_slice()
    }

    /// How the game ended, once it has.
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Everything that happened, oldest first (empty after [`WerewolfState::without_log`]).
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The decision the engine waits for, or `None` once the game is over.
    pub fn pending(&self) -> Option<Pending> {
        if self.outcome.is_some() {
            return None;
        }
        let draw = self.draws.front().map(|player| Pending::Draw {
            player,
            cards: self.hand(player).size(),
        });
        if self.table.death_draw() == DeathDraw::BeforeTransfers && draw.is_some() {
            return draw;
        }
        if let Some(&(from, role, cards)) = self.ready_transfers().first() {
            return Some(Pending::Transfer { from, role, cards });
        }
        if draw.is_some() {
            return draw;
        }
        match self.step {
            Step::Begin(phase) => Some(Pending::StartPlayer {
                phase,
                tied: self.most_cards(phase.actor_role()?),
            }),
            Step::Turns { phase, start, offset } => {
                let actor = start.clockwise(offset, self.players());
                match phase {
                    Phase::Seer => Some(Pending::Verdict { seer: actor }),
                    Phase::Attack => Some(Pending::Attack { wolf: actor }),
                    Phase::Vote => None,
                }
            }
            Step::Ballots { candidates, runoff } => Some(Pending::Vote {
                voters: self.alive,
                candidates,
                runoff,
            }),
            Step::NextRound => None,
        }
    }

    /// The alive players holding the most cards of `role` (none if nobody alive holds one).
    pub fn most_cards(&self, role: Role) -> SeatSet {
        let most = self
            .alive
            .iter()
            .map(|seat| self.hand(seat).count(role))
            .max()
            .unwrap_or(0);
        if most == 0 {
            return SeatSet::EMPTY;
        }
        self.alive
            .iter()
            .filter(|&seat| self.hand(seat).count(role) == most)
            .collect()
    }

    /// The players fixed as `role`, alive or dead.
    pub fn fixed_players(&self, role: Role) -> SeatSet {
        self.seats().filter(|&seat| self.fixed_as(seat) == Some(role)).collect()
    }

    /// Drops every debt that someone else's transfer has settled by taking the cards back (Version 2).
    pub(crate) fn settle_debts(&mut self) {
        let hands = self.hands;
        self.transfers
            .retain(|(from, role)| hands[from.index()].count(role) > 0);
    }

    /// Appends a line to the log, unless logging is off.
    pub(crate) fn record(&mut self, what: Happening) {
        if self.logging {
            self.log.push(LogEntry {
                round: self.round,
                what,
            });
        }
    }
}
