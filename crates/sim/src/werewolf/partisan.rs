//! The partisan player: plays for the side its cards say it is on, looking one event ahead.
//!
//! A player is on the werewolves' side when fixed as a werewolf or holding at least half werewolf cards, and on
//! the village's side otherwise (R10.2 lets everyone who has lost the werewolf possibility win with the
//! village). Both sides count a paradox as a loss: a partisan table wants a result.
//!
//! - **Votes** (R9): everyone alive votes at once, each for their own side: the village points at the candidate
//!   most likely to be a werewolf; the werewolves at the candidate least likely to be one who is not a fixed
//!   werewolf. In a run-off a voter sticks to that only half the time and otherwise points at random, since
//!   sides that never give in could tie forever. Under a policy where only one side is partisan, the other
//!   side's voters point at random.
//! - **Verdicts, attacks, transfers** (R4, R5, R7): every legal event (up to 24 sampled transfers) is played on
//!   a copy of the game and the result scored for the player's side: an end is worth ±100 (a paradox −50); the
//!   village wants fewer werewolf cards among the living (and none of its own), the werewolves more fixed
//!   werewolves alive, more werewolf cards of their own and fewer living. A seer also tells the truth as its
//!   side sees it: the village marks likely werewolves black and unlikely ones white, the werewolves the
//!   reverse. Ties are broken at random.

use marubatsu_engine::werewolf::{
    Ballot, Event, Game, MAX_PLAYERS, Pending, Role, Seat, SeatSet, Side, Verdict, legal_events,
};

use super::random::random_transfer;
use marubatsu_engine::random::{RandomSource, SplitMix64};

/// The side a player plays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Camp {
    /// Plays for R10.2.
    Village,
    /// Plays for R10.3.
    Werewolves,
}

/// `seat`'s side: the werewolves' if fixed as one or holding at least half werewolf cards, else the village's.
pub fn camp(game: &Game, seat: Seat) -> Camp {
    if game.fixed_as(seat) == Some(Role::Werewolf)
        || (!game.lost(seat).contains(Role::Werewolf) && game.share(seat, Role::Werewolf) >= 0.5)
    {
        Camp::Werewolves
    } else {
        Camp::Village
    }
}

/// The sides players committed to at the start of a game, for the `committed` policy; players without a
/// commitment take the side their cards give them ([`camp`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sides([Option<Camp>; MAX_PLAYERS]);

impl Sides {
    /// Nobody committed: every side follows the cards.
    pub const NONE: Sides = Sides([None; MAX_PLAYERS]);

    /// As many players as the composition has werewolves, chosen uniformly, commit to the werewolves; the
    /// others to the village.
    pub fn commit(game: &Game, rng: &mut SplitMix64) -> Sides {
        let mut seats: Vec<Seat> = game.seats().collect();
        let mut sides = [None; MAX_PLAYERS];
        for seat in &seats {
            sides[seat.index()] = Some(Camp::Village);
        }
        for _ in 0..game.table().count(Role::Werewolf) {
            if seats.is_empty() {
                break;
            }
            let seat = seats.swap_remove(rng.below(seats.len()));
            sides[seat.index()] = Some(Camp::Werewolves);
        }
        Sides(sides)
    }

    /// The side `seat` plays for: a fixed werewolf for the werewolves and a player who lost the werewolf
    /// possibility for the village, whatever they committed to; otherwise their commitment, or their cards.
    pub fn of(&self, game: &Game, seat: Seat) -> Camp {
        if game.fixed_as(seat) == Some(Role::Werewolf) {
            return Camp::Werewolves;
        }
        if game.lost(seat).contains(Role::Werewolf) {
            return Camp::Village;
        }
        self.0[seat.index()].unwrap_or_else(|| camp(game, seat))
    }
}

/// The partisan choice of `player`, who owes the pending decision.
pub(crate) fn partisan_event(game: &Game, player: Seat, sides: &Sides, rng: &mut SplitMix64) -> Option<Event> {
    let camp = sides.of(game, player);
    match game.pending()? {
        Pending::Vote { .. } => partisan_vote(game, sides, |_| true, rng),
        Pending::Transfer { .. } => {
            let (from, role, cards) = game
                .ready_transfers()
                .into_iter()
                .find(|&(from, _, _)| from == player)?;
            partisan_transfer(game, from, role, cards, sides, rng)
        }
        _ => best(game, player, camp, legal_events(game), rng),
    }
}

/// The partisan choice among 24 random splits of `from`'s transfer of `cards` cards of `role`.
pub(crate) fn partisan_transfer(
    game: &Game,
    from: Seat,
    role: Role,
    cards: u8,
    sides: &Sides,
    rng: &mut SplitMix64,
) -> Option<Event> {
    let candidates: Vec<Event> = (0..24).map(|_| random_transfer(game, from, role, cards, rng)).collect();
    best(game, from, sides.of(game, from), candidates, rng)
}

/// The vote now pending, every voter for whom `partisan` holds voting for their side and every other voter
/// uniformly among their choices; `None` when no vote is pending.
pub(crate) fn partisan_vote(
    game: &Game,
    sides: &Sides,
    partisan: impl Fn(Seat) -> bool,
    rng: &mut SplitMix64,
) -> Option<Event> {
    let Pending::Vote { voters, runoff, .. } = game.pending()? else {
        return None;
    };
    let ballots = voters
        .iter()
        .map(|voter| {
            let targets = game.vote_targets(voter);
            // R9 repeats a tied vote without limit, and sides that never give in can tie forever: in a
            // run-off each partisan voter sticks to its choice only half the time.
            let target = if partisan(voter) && (runoff == 0 || rng.below(2) == 1) {
                vote(game, sides.of(game, voter), targets, rng)
            } else {
                let all: Vec<Seat> = targets.iter().collect();
                rng.pick(&all).copied()
            };
            target.map(|target| Ballot { voter, target })
        })
        .collect::<Option<Vec<Ballot>>>()?;
    Some(Event::Vote { ballots })
}

/// R9 by side: the likeliest werewolf, or for the werewolves the least likely one who is not one of theirs.
fn vote(game: &Game, camp: Camp, candidates: SeatSet, rng: &mut SplitMix64) -> Option<Seat> {
    let wolves = game.fixed_players(Role::Werewolf);
    let scored: Vec<(Seat, f64)> = candidates
        .iter()
        .filter(|&c| camp == Camp::Village || !wolves.contains(c))
        .map(|c| {
            let share = game.share(c, Role::Werewolf);
            (c, if camp == Camp::Village { share } else { -share })
        })
        .collect();
    if scored.is_empty() {
        let all: Vec<Seat> = candidates.iter().collect();
        return rng.pick(&all).copied();
    }
    let top = scored.iter().map(|&(_, s)| s).fold(f64::MIN, f64::max);
    let best: Vec<Seat> = scored
        .iter()
        .filter(|&&(_, s)| s >= top - 1e-9)
        .map(|&(c, _)| c)
        .collect();
    rng.pick(&best).copied()
}

/// The candidate whose result scores best for `camp`, ties at random.
fn best(
    game: &Game,
    player: Seat,
    camp: Camp,
    candidates: impl IntoIterator<Item = Event>,
    rng: &mut SplitMix64,
) -> Option<Event> {
    let mut top = f64::MIN;
    let mut best: Vec<Event> = Vec::new();
    for event in candidates {
        let mut next = game.clone();
        if next.play(&event).is_err() {
            continue;
        }
        let score = value(&next, player, camp) + candour(game, camp, &event);
        if score > top + 1e-9 {
            top = score;
            best.clear();
            best.push(event);
        } else if score > top - 1e-9 {
            best.push(event);
        }
    }
    rng.pick(&best).cloned()
}

/// How good `game` is for `camp`, from `me`'s seat.
fn value(game: &Game, me: Seat, camp: Camp) -> f64 {
    if let Some(outcome) = game.outcome() {
        return match (outcome.end.side(), camp) {
            (Side::Village, Camp::Village) | (Side::Werewolves, Camp::Werewolves) => 100.0,
            (Side::Paradox, _) => -50.0,
            _ => -100.0,
        };
    }
    let alive = game.alive();
    let wolf_cards: f64 = alive.iter().map(|p| game.share(p, Role::Werewolf)).sum();
    let fixed_wolves = game.fixed_players(Role::Werewolf).intersect(alive).len() as f64;
    let mine = game.share(me, Role::Werewolf);
    match camp {
        Camp::Village => -wolf_cards - 0.5 * mine,
        Camp::Werewolves => 2.0 * fixed_wolves + mine - 0.3 * alive.len() as f64,
    }
}

/// A seer's verdict as its side sees the target: a small bonus that only breaks ties between card outcomes.
fn candour(game: &Game, camp: Camp, event: &Event) -> f64 {
    let &Event::Verdict { target, verdict, .. } = event else {
        return 0.0;
    };
    let likely = game.share(target, Role::Werewolf);
    let black = match camp {
        Camp::Village => likely,
        Camp::Werewolves => 1.0 - likely,
    };
    0.2 * match verdict {
        Verdict::Black => black,
        Verdict::White => 1.0 - black,
    }
}

#[cfg(test)]
mod tests {
    use marubatsu_engine::werewolf::Table;

    use super::*;

    #[test]
    fn partisan_play_always_finishes_with_accepted_events() {
        let mut rng = SplitMix64::new(11);
        for _ in 0..50 {
            let mut game = Game::new(Table::DEFAULT).without_log();
            while let Some(pending) = game.pending() {
                let event = match (pending, pending.player()) {
                    (Pending::Vote { .. }, _) => partisan_vote(&game, &Sides::NONE, |_| true, &mut rng),
                    (_, Some(player)) => partisan_event(&game, player, &Sides::NONE, &mut rng),
                    (_, None) => super::super::random::random_event(&game, &mut rng),
                };
                let Some(event) = event else {
                    panic!("no choice for {pending:?}")
                };
                if let Err(error) = game.play(&event) {
                    panic!("{event:?}: {error}");
                }
            }
        }
    }

    #[test]
    fn a_partisan_village_votes_out_the_likeliest_werewolf() {
        // Play at random until the first vote in which exactly one candidate holds the most werewolf cards and
        // nobody is a fixed werewolf: every voter of the village's side but that one points at them.
        let mut rng = SplitMix64::new(3);
        for _ in 0..200 {
            let mut game = Game::new(Table::DEFAULT).without_log();
            while let Some(pending) = game.pending() {
                if let Pending::Vote { voters, runoff: 0, .. } = pending {
                    let most = voters
                        .iter()
                        .map(|v| game.hand(v).count(Role::Werewolf))
                        .max()
                        .unwrap_or(0);
                    let top: Vec<Seat> = voters
                        .iter()
                        .filter(|&v| game.hand(v).count(Role::Werewolf) == most)
                        .collect();
                    if let ([likeliest], true) = (top.as_slice(), game.fixed_players(Role::Werewolf).is_empty()) {
                        let likeliest = *likeliest;
                        let Some(Event::Vote { ballots }) = partisan_vote(&game, &Sides::NONE, |_| true, &mut rng)
                        else {
                            panic!("a vote is pending");
                        };
                        for ballot in ballots {
                            if camp(&game, ballot.voter) == Camp::Village && ballot.voter != likeliest {
                                assert_eq!(ballot.target, likeliest, "{ballot:?}");
                            }
                        }
                        return;
                    }
                }
                let Some(event) = super::super::random::random_event(&game, &mut rng) else {
                    break;
                };
                if let Err(error) = game.play(&event) {
                    panic!("{event:?}: {error}");
                }
            }
        }
        panic!("no vote with one likeliest werewolf in 200 games");
    }

    #[test]
    fn sides_follow_the_cards() {
        let game = Game::new(Table::DEFAULT);
        let seat = game.seats().next().unwrap_or_default();
        // 2 werewolf cards in 8: the village's side.
        assert_eq!(camp(&game, seat), Camp::Village);
    }
}
