//! A [`WerewolfSetup`] on one line, as FEN is a chess position's: what a test fixture, a bug report or a puzzle
//! writes instead of a builder chain.
//!
//! The grammar is on [`WerewolfSetup::parse`].

use core::fmt;

use super::chits::ChitKind;
use super::event::Phase;
use super::hand::Hand;
use super::role::Role;
use super::seat::Seat;
use super::setup::{At, WerewolfSetup};
use super::table::Table;

/// Why a line is not a setup's notation: the word that could not be read, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// The word (or clause) as written.
    pub found: String,
    /// What the notation has there.
    pub expected: &'static str,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} in a werewolf setup: expected {}", self.found, self.expected)
    }
}

impl core::error::Error for NotationError {}

fn wrong(found: &str, expected: &'static str) -> NotationError {
    NotationError {
        found: found.to_owned(),
        expected,
    }
}

fn seat(word: &str) -> Result<Seat, NotationError> {
    word.parse::<u8>()
        .ok()
        .and_then(Seat::new)
        .ok_or_else(|| wrong(word, "a seat number from 0"))
}

fn hand(word: &str) -> Result<Hand, NotationError> {
    let counts: Vec<u8> = word
        .split('.')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| wrong(word, "a hand as W.S.V card counts, such as 2.1.5"))?;
    match counts[..] {
        [w, s, v] => Ok(Hand::new(w, s, v)),
        _ => Err(wrong(word, "a hand as W.S.V card counts, such as 2.1.5")),
    }
}

fn role(letter: &str) -> Option<Role> {
    Role::ALL
        .into_iter()
        .find(|role| letter.len() == 1 && letter.starts_with(role.letter()))
}

const KINDS: [(char, ChitKind); 3] = [('b', ChitKind::Black), ('w', ChitKind::White), ('a', ChitKind::Attack)];

/// A seat followed by one letter: `1V` (a role) or `0b` (a chit kind).
fn seat_and<T>(
    word: &str,
    letter: impl Fn(&str) -> Option<T>,
    expected: &'static str,
) -> Result<(Seat, T), NotationError> {
    let split = word.len().saturating_sub(1);
    match (word.get(..split), word.get(split..)) {
        (Some(number), Some(last)) => Ok((
            seat(number).map_err(|_| wrong(word, expected))?,
            letter(last).ok_or_else(|| wrong(word, expected))?,
        )),
        _ => Err(wrong(word, expected)),
    }
}

fn kind(letter: &str) -> Option<ChitKind> {
    KINDS
        .iter()
        .find(|(c, _)| letter.len() == 1 && letter.starts_with(*c))
        .map(|&(_, kind)| kind)
}

fn phase(word: &str, turns_only: bool) -> Result<Phase, NotationError> {
    match word {
        "seer" => Ok(Phase::Seer),
        "attack" => Ok(Phase::Attack),
        "vote" if !turns_only => Ok(Phase::Vote),
        _ if turns_only => Err(wrong(word, "seer or attack")),
        _ => Err(wrong(word, "seer, attack or vote")),
    }
}

impl WerewolfSetup {
    /// Reads a setup at `table` from its one-line notation; whether it describes a game is checked when it is set
    /// up, as with any setup. `Display` writes the notation back.
    ///
    /// ```text
    /// 2.1.5 2.0.6 2.1.5 2.3.3 2.0.6 2.1.5 2.1.5 2.1.5; dead 3; owes 1V; chit 0>1b 4>2a; round 2; turn attack 0+1
    /// ```
    ///
    /// First the hands, one `W.S.V` per seat in seat order (werewolf, seer and villager cards), or `deal` for the
    /// table's starting hands. Then, each after a `;`, any of:
    ///
    /// | clause | meaning |
    /// |---|---|
    /// | `dead 3 6` | these players are dead |
    /// | `draw 4` | dead, and waiting for their card to be drawn (R8) |
    /// | `owes 1V 2W` | lost a role still held: a transfer is owed (R7) |
    /// | `chit 0>1b 4>2a` | owner `>` target and kind: `b`lack, `w`hite or `a`ttack, placed from the owner's supply |
    /// | `spent 0b 1w` | the owner has no chit of that kind left |
    /// | `round 2` | the round, from 1 |
    /// | `begin seer`, `begin attack`, `begin vote` | that phase is about to begin (the default: `begin seer`) |
    /// | `turn seer 0+1`, `turn attack 0+1` | the phase's turns started at seat 0, and 1 seat has had its turn |
    ///
    /// Seats count from 0.
    ///
    /// ```
    /// use marubatsu_engine::rules::Rules;
    /// use marubatsu_engine::werewolf::{Pending, Seat, Table, Werewolf, WerewolfSetup};
    ///
    /// let setup = WerewolfSetup::parse(Table::DEFAULT, "2.1.5 2.0.6 2.1.5 2.3.3 2.0.6 2.1.5 2.1.5 2.1.5")?;
    /// let game = Werewolf::setup(&setup).unwrap();
    /// assert_eq!(game.pending(), Some(Pending::Verdict { seer: Seat::new(3).unwrap() }));
    /// assert_eq!(setup.to_string(), "2.1.5 2.0.6 2.1.5 2.3.3 2.0.6 2.1.5 2.1.5 2.1.5");
    /// assert!(WerewolfSetup::parse(Table::DEFAULT, "deal; turn vote 0+1").is_err());
    /// # Ok::<(), marubatsu_engine::werewolf::NotationError>(())
    /// ```
    pub fn parse(table: Table, line: &str) -> Result<WerewolfSetup, NotationError> {
        let mut clauses = line.split(';').map(str::trim);
        let hands = clauses.next().unwrap_or_default();
        let mut setup = WerewolfSetup::new(table);
        if hands != "deal" {
            setup = setup.hands(hands.split_whitespace().map(hand).collect::<Result<_, _>>()?);
        }
        for clause in clauses {
            let mut words = clause.split_whitespace();
            let name = words.next().unwrap_or_default();
            let rest: Vec<&str> = words.collect();
            setup = match (name, &rest[..]) {
                ("dead", seats) => seats
                    .iter()
                    .try_fold(setup, |setup, word| Ok(setup.dead(seat(word)?)))?,
                ("draw", seats) => seats
                    .iter()
                    .try_fold(setup, |setup, word| Ok(setup.awaiting_draw(seat(word)?)))?,
                ("owes", debts) => debts.iter().try_fold(setup, |setup, word| {
                    let (player, role) = seat_and(word, role, "a seat and a role letter, such as 1V")?;
                    Ok(setup.owes(player, role))
                })?,
                ("spent", spent) => spent.iter().try_fold(setup, |setup, word| {
                    let (owner, kind) = seat_and(word, kind, "a seat and a chit letter b, w or a, such as 0b")?;
                    Ok(setup.no_chits(owner, kind))
                })?,
                ("chit", chits) => chits.iter().try_fold(setup, |setup, word| {
                    let expected = "owner>target and a chit letter b, w or a, such as 0>1b";
                    let (owner, placed) = word.split_once('>').ok_or_else(|| wrong(word, expected))?;
                    let (target, kind) = seat_and(placed, kind, expected).map_err(|_| wrong(word, expected))?;
                    Ok(setup.chit(seat(owner).map_err(|_| wrong(word, expected))?, target, kind))
                })?,
                ("round", [round]) => setup.round(round.parse().map_err(|_| wrong(round, "a round number"))?),
                ("begin", [name]) => setup.begin(phase(name, false)?),
                ("turn", [name, turns]) => {
                    let expected = "start+offset, such as 0+1";
                    let (start, offset) = turns.split_once('+').ok_or_else(|| wrong(turns, expected))?;
                    let offset = offset.parse().map_err(|_| wrong(turns, expected))?;
                    setup.turn(phase(name, true)?, seat(start)?, offset)
                }
                _ => {
                    return Err(wrong(
                        clause,
                        "dead, draw, owes, chit, spent, round n, begin <phase> or turn <phase> start+offset",
                    ));
                }
            };
        }
        Ok(setup)
    }
}

impl fmt::Display for WerewolfSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.hands {
            None => f.write_str("deal")?,
            Some(hands) => {
                for (i, hand) in hands.iter().enumerate() {
                    let [w, s, v] = hand.counts();
                    write!(f, "{}{w}.{s}.{v}", if i == 0 { "" } else { " " })?;
                }
            }
        }
        let letter = |kind: ChitKind| KINDS.iter().find(|(_, k)| *k == kind).map_or('?', |&(c, _)| c);
        let seats = |name: &str, seats: &[Seat], f: &mut fmt::Formatter<'_>| {
            if seats.is_empty() {
                return Ok(());
            }
            write!(f, "; {name}")?;
            seats.iter().try_for_each(|seat| write!(f, " {}", seat.index()))
        };
        seats("dead", &self.dead, f)?;
        seats("draw", &self.draws, f)?;
        if !self.owed.is_empty() {
            f.write_str("; owes")?;
            for &(player, role) in &self.owed {
                write!(f, " {}{}", player.index(), role.letter())?;
            }
        }
        if !self.placed.is_empty() {
            f.write_str("; chit")?;
            for &(owner, target, kind) in &self.placed {
                write!(f, " {}>{}{}", owner.index(), target.index(), letter(kind))?;
            }
        }
        if !self.spent.is_empty() {
            f.write_str("; spent")?;
            for &(owner, kind) in &self.spent {
                write!(f, " {}{}", owner.index(), letter(kind))?;
            }
        }
        if self.round != 1 {
            write!(f, "; round {}", self.round)?;
        }
        let name = |phase: Phase| match phase {
            Phase::Seer => "seer",
            Phase::Attack => "attack",
            Phase::Vote => "vote",
        };
        match self.at {
            At::Begin(Phase::Seer) => Ok(()),
            At::Begin(phase) => write!(f, "; begin {}", name(phase)),
            At::Turn { phase, start, offset } => write!(f, "; turn {} {}+{offset}", name(phase), start.index()),
        }
    }
}
