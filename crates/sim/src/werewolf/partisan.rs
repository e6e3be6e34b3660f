//! The partisan player: plays for the side the worlds put it on, looking one event ahead.
//!
//! A player is on the werewolves' side when fixed as a werewolf or a werewolf in at least half of the
//! consistent worlds ([`Odds`]), and on the village's side otherwise (R10.2 lets everyone who has lost the
//! werewolf possibility win with the village). Every player is scored by their own payoff: an end is worth +100
//! to each of its winners and −100 to everyone else, so a paradox is a win for whoever is not fixed.
//!
//! - **Votes** (R9): everyone alive votes at once, each for their own side: the village points at the candidate
//!   most likely to be a werewolf; the werewolves at the candidate least likely to be one who is not a fixed
//!   werewolf. In a run-off a voter sticks to that only half the time and otherwise points at random, since
//!   sides that never give in could tie forever.
//! - **Verdicts, attacks, transfers** (R4, R5, R7): every legal event (up to 24 sampled transfers) is played on
//!   a copy of the game and the result scored for the player: the village wants less werewolf chance among the
//!   living (and none of its own), the werewolves more fixed werewolves alive, more chance of their own and
//!   fewer living; a hiding werewolf wants its own chance low instead. A seer also tells the truth as its side
//!   sees it: the village marks likely werewolves black and unlikely ones white, the werewolves the reverse.
//!   Ties are broken at random.

use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{
    Ballot, MAX_PLAYERS, Pending, Role, Seat, SeatSet, Verdict, Werewolf, WerewolfEvent, WerewolfState,
};

use super::odds::Odds;
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

/// `seat`'s side by the worlds: the werewolves' if fixed as one or a werewolf in at least half of the worlds,
/// else the village's.
pub fn camp(game: &WerewolfState, seat: Seat) -> Camp {
    camp_by(game, &Odds::of(game), seat)
}

fn camp_by(game: &WerewolfState, odds: &Odds, seat: Seat) -> Camp {
    if game.fixed_as(seat) == Some(Role::Werewolf)
        || (!game.lost(seat).contains(Role::Werewolf) && odds.wolf(seat) >= 0.5)
    {
        Camp::Werewolves
    } else {
        Camp::Village
    }
}

/// The sides players committed to at the start of a game; players without a commitment take the side the
/// worlds give them ([`camp`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sides([Option<Camp>; MAX_PLAYERS]);

impl Sides {
    /// Nobody committed: every side follows the worlds.
    pub const NONE: Sides = Sides([None; MAX_PLAYERS]);

    /// As many players as the composition has werewolves, chosen uniformly, commit to the werewolves; the
    /// others to the village.
    pub fn commit(game: &WerewolfState, rng: &mut SplitMix64) -> Sides {
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
    /// possibility for the village, whatever they committed to; otherwise their commitment, or the worlds.
    pub fn of(&self, game: &WerewolfState, seat: Seat) -> Camp {
        self.of_by(game, &Odds::of(game), seat)
    }

    pub(crate) fn of_by(&self, game: &WerewolfState, odds: &Odds, seat: Seat) -> Camp {
        if game.fixed_as(seat) == Some(Role::Werewolf) {
            return Camp::Werewolves;
        }
        if game.lost(seat).contains(Role::Werewolf) {
            return Camp::Village;
        }
        self.0[seat.index()].unwrap_or_else(|| camp_by(game, odds, seat))
    }
}

/// What a player's lookahead wants, beyond winning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Aim {
    /// Play for the side, in the open.
    Open,
    /// A werewolf keeping its own chance of being one low.
    Hide,
}

/// The choice of `player` for the pending verdict or attack, among every legal event.
pub(crate) fn lookahead(
    game: &WerewolfState,
    player: Seat,
    camp: Camp,
    aim: Aim,
    candidates: impl IntoIterator<Item = WerewolfEvent>,
    rng: &mut SplitMix64,
) -> Option<WerewolfEvent> {
    let odds = Odds::of(game);
    let best = best_scoring(game, candidates, |next, event| {
        value(next, player, camp, aim) + candour(&odds, camp, event)
    });
    rng.pick(&best).cloned()
}

/// The candidates that `game` takes whose `score` (of the state each leads to) is highest, within rounding: the
/// chooser then picks among them at random.
pub(crate) fn best_scoring(
    game: &WerewolfState,
    candidates: impl IntoIterator<Item = WerewolfEvent>,
    mut score: impl FnMut(&WerewolfState, &WerewolfEvent) -> f64,
) -> Vec<WerewolfEvent> {
    let mut top = f64::MIN;
    let mut best: Vec<WerewolfEvent> = Vec::new();
    for event in candidates {
        let mut next = game.clone();
        if Werewolf::step(&mut next, &event).is_err() {
            continue;
        }
        let score = score(&next, &event);
        if score > top + 1e-9 {
            top = score;
            best.clear();
            best.push(event);
        } else if score > top - 1e-9 {
            best.push(event);
        }
    }
    best
}

/// The lookahead's choice among 24 random splits of `from`'s transfer of `cards` cards of `role`.
pub(crate) fn transfer(
    game: &WerewolfState,
    (from, role, cards): (Seat, Role, u8),
    camp: Camp,
    aim: Aim,
    rng: &mut SplitMix64,
) -> Option<WerewolfEvent> {
    let candidates: Vec<WerewolfEvent> = (0..24).map(|_| random_transfer(game, from, role, cards, rng)).collect();
    lookahead(game, from, camp, aim, candidates, rng)
}

/// How a voter points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ballots {
    /// Uniformly among the candidates.
    Random,
    /// For the side: the likeliest werewolf for the village, the least likely non-fixed one for the wolves.
    Side,
    /// As the village does, whatever the side: a hiding werewolf.
    AsVillage,
    /// As the village does half the time, uniformly otherwise: a naive voter.
    Naive,
}

/// The vote now pending, each voter pointing as `how` says; `None` when no vote is pending.
pub(crate) fn vote(
    game: &WerewolfState,
    sides: &Sides,
    how: impl Fn(Seat, Camp) -> Ballots,
    rng: &mut SplitMix64,
) -> Option<WerewolfEvent> {
    let Pending::Vote { voters, runoff, .. } = game.pending()? else {
        return None;
    };
    let odds = Odds::of(game);
    let ballots = voters
        .iter()
        .map(|voter| {
            let targets = game.vote_targets(voter);
            let camp = sides.of_by(game, &odds, voter);
            // R9 repeats a tied vote without limit, and sides that never give in can tie forever: in a
            // run-off each voter sticks to its choice only half the time.
            let stick = runoff == 0 || rng.below(2) == 1;
            let target = match how(voter, camp) {
                Ballots::Side if stick => point(game, &odds, camp, targets, rng),
                Ballots::AsVillage if stick => point(game, &odds, Camp::Village, targets, rng),
                // A coin for each naive voter: the highest bar, or anyone.
                Ballots::Naive if stick && rng.below(2) == 1 => point(game, &odds, Camp::Village, targets, rng),
                _ => {
                    let all: Vec<Seat> = targets.iter().collect();
                    rng.pick(&all).copied()
                }
            };
            target.map(|target| Ballot { voter, target })
        })
        .collect::<Option<Vec<Ballot>>>()?;
    Some(WerewolfEvent::Vote { ballots })
}

/// R9 by side: the likeliest werewolf, or for the werewolves the least likely one who is not a fixed
/// werewolf.
fn point(game: &WerewolfState, odds: &Odds, camp: Camp, candidates: SeatSet, rng: &mut SplitMix64) -> Option<Seat> {
    let wolves = game.fixed_players(Role::Werewolf);
    let scored: Vec<(Seat, f64)> = candidates
        .iter()
        .filter(|&c| camp == Camp::Village || !wolves.contains(c))
        .map(|c| {
            let chance = odds.wolf(c);
            (c, if camp == Camp::Village { chance } else { -chance })
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

/// How good `game` is for `me`, playing for `camp` with `aim`: ±100 at an end by whether `me` is among its
/// winners, else the side's heuristic from the worlds' chances.
pub(crate) fn value(game: &WerewolfState, me: Seat, camp: Camp, aim: Aim) -> f64 {
    if let Some(outcome) = game.outcome() {
        return if outcome.winners.contains(me) { 100.0 } else { -100.0 };
    }
    let odds = Odds::of(game);
    let alive = game.alive();
    let wolf_chance: f64 = alive.iter().map(|p| odds.wolf(p)).sum();
    let fixed_wolves = game.fixed_players(Role::Werewolf).intersect(alive).len() as f64;
    let mine = odds.wolf(me);
    match (camp, aim) {
        (Camp::Village, _) => -wolf_chance - 0.5 * mine,
        (Camp::Werewolves, Aim::Open) => 2.0 * fixed_wolves + mine - 0.3 * alive.len() as f64,
        (Camp::Werewolves, Aim::Hide) => 2.0 * fixed_wolves - mine - 0.3 * alive.len() as f64,
    }
}

/// A seer's verdict as its side sees the target: a small bonus that only breaks ties between outcomes.
fn candour(odds: &Odds, camp: Camp, event: &WerewolfEvent) -> f64 {
    let &WerewolfEvent::Verdict { target, verdict, .. } = event else {
        return 0.0;
    };
    let likely = odds.wolf(target);
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
    use crate::werewolf::random_event;

    #[test]
    fn a_partisan_village_votes_out_the_likeliest_werewolf_by_the_worlds() {
        // Play at random until a vote in which one candidate has the highest werewolf chance and nobody is a
        // fixed werewolf: every voter of the village's side but that one points at them. Chances, not cards:
        // the first such vote where the likeliest by cards differs is looked for too.
        let mut rng = SplitMix64::new(3);
        let (mut checked, mut cards_differ) = (0, 0);
        for _ in 0..400 {
            let mut game = WerewolfState::new(Table::DEFAULT).without_log();
            while let Some(pending) = game.pending() {
                if let Pending::Vote { voters, runoff: 0, .. } = pending {
                    let odds = Odds::of(&game);
                    let most = voters.iter().map(|v| odds.wolf(v)).fold(f64::MIN, f64::max);
                    let top: Vec<Seat> = voters.iter().filter(|&v| odds.wolf(v) >= most - 1e-12).collect();
                    if let ([likeliest], true) = (top.as_slice(), game.fixed_players(Role::Werewolf).is_empty()) {
                        let likeliest = *likeliest;
                        let by_cards = voters.iter().max_by_key(|&v| game.hand(v).count(Role::Werewolf));
                        if by_cards.is_some_and(|c| {
                            game.hand(c).count(Role::Werewolf) > game.hand(likeliest).count(Role::Werewolf)
                        }) {
                            cards_differ += 1;
                        }
                        let Some(WerewolfEvent::Vote { ballots }) =
                            vote(&game, &Sides::NONE, |_, _| Ballots::Side, &mut rng)
                        else {
                            panic!("a vote is pending");
                        };
                        for ballot in ballots {
                            if camp(&game, ballot.voter) == Camp::Village && ballot.voter != likeliest {
                                assert_eq!(ballot.target, likeliest, "{ballot:?}");
                            }
                        }
                        checked += 1;
                    }
                }
                let Some(event) = random_event(&game, &mut rng) else {
                    break;
                };
                if let Err(error) = Werewolf::step(&mut game, &event) {
                    panic!("{event:?}: {error}");
                }
            }
        }
        assert!(checked > 20, "{checked}");
        assert!(cards_differ > 0, "no vote where the cards and the worlds disagree");
    }

    #[test]
    fn an_end_is_worth_most_to_its_winners() {
        // Play at random to the end; every seat values the end by whether it won.
        let mut rng = SplitMix64::new(5);
        for _ in 0..50 {
            let mut game = WerewolfState::new(Table::DEFAULT).without_log();
            while let Some(event) = random_event(&game, &mut rng) {
                if Werewolf::step(&mut game, &event).is_err() {
                    break;
                }
            }
            let Some(outcome) = game.outcome() else { continue };
            for seat in game.seats() {
                for camp in [Camp::Village, Camp::Werewolves] {
                    let want = if outcome.winners.contains(seat) { 100.0 } else { -100.0 };
                    assert_eq!(value(&game, seat, camp, Aim::Open), want);
                }
            }
        }
    }

    #[test]
    fn sides_follow_the_worlds() {
        let game = WerewolfState::new(Table::DEFAULT);
        let seat = game.seats().next().unwrap_or_default();
        // A werewolf in a quarter of the worlds: the village's side.
        assert_eq!(camp(&game, seat), Camp::Village);
    }
}
