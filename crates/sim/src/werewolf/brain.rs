//! How one player decides a verdict, an attack or a transfer, and how they vote: the brains a policy gives
//! each side. Chance — rock-paper-scissors and the draw at a death — is never a player's, and stays uniform.
//!
//! - [`Brain::Random`]: uniform among the legal events.
//! - [`Brain::Partisan`]: one event ahead for its side ([`partisan`](super::partisan)).
//! - [`Brain::Strong`]: the strong village. Votes the highest werewolf chance of the worlds; as a seer marks the
//!   living player whose role is most uncertain (a werewolf chance nearest one half), black when they are more
//!   likely a werewolf than not, so that each mark settles as much as it can; else as partisan.
//! - [`Brain::Hiding`]: the hiding werewolf. Votes and marks as the strong village does, and attacks and hands
//!   over cards keeping its own werewolf chance low, so the village's vote passes it by.
//! - [`Brain::Rollout`]: the searching werewolf. For each of up to [`CANDIDATES`] legal verdicts or attacks
//!   it plays [`ROLLOUTS`] quick continuations (side votes from the worlds, every other choice uniform) and
//!   takes the one it won most often, by its own payoff; transfers and votes as partisan. The cost is bounded:
//!   at most 18 continuations a decision.

use marubatsu_engine::random::{RandomSource, SplitMix64};
use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{Pending, Seat, Verdict, Werewolf, WerewolfEvent, WerewolfState, legal_events};

use super::odds::Odds;
use super::partisan::{Aim, Ballots, Camp, Sides, best_scoring, lookahead, transfer, value, vote};
use super::random::{random_event, random_transfer};

/// Verdicts or attacks a searching werewolf tries, at most.
pub const CANDIDATES: usize = 6;
/// Continuations played for each.
pub const ROLLOUTS: usize = 3;

/// How a player decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Brain {
    /// Uniform among the legal events.
    Random,
    /// One event ahead for its side.
    Partisan,
    /// The strong village: votes by the worlds, marks the most uncertain.
    Strong,
    /// A werewolf that votes and marks like the village and keeps its own chance low.
    Hiding,
    /// A werewolf that searches by rollouts.
    Rollout,
    /// A naive player, a first table's villager: each vote follows the highest werewolf chance half the time
    /// and is uniform otherwise; every other choice uniform.
    Naive,
}

impl Brain {
    /// How this brain votes when playing for `camp`.
    pub(crate) const fn ballots(self, camp: Camp) -> Ballots {
        match (self, camp) {
            (Brain::Random, _) => Ballots::Random,
            (Brain::Naive, _) => Ballots::Naive,
            (Brain::Hiding, Camp::Werewolves) => Ballots::AsVillage,
            _ => Ballots::Side,
        }
    }

    /// The choice of `player`, playing for `camp`, for the pending verdict, attack or transfer; `None` if
    /// the pending decision is none of those or is not theirs.
    pub(crate) fn decide(
        self,
        game: &WerewolfState,
        player: Seat,
        camp: Camp,
        sides: &Sides,
        rng: &mut SplitMix64,
    ) -> Option<WerewolfEvent> {
        let aim = if self == Brain::Hiding { Aim::Hide } else { Aim::Open };
        match game.pending()? {
            Pending::Transfer { .. } => {
                let debt = game
                    .settleable_transfers()
                    .into_iter()
                    .find(|&(from, _, _)| from == player)?;
                if matches!(self, Brain::Random | Brain::Naive) {
                    return Some(random_transfer(game, debt.0, debt.1, debt.2, rng));
                }
                transfer(game, debt, camp, aim, rng)
            }
            Pending::Verdict { seer } if seer == player => match self {
                Brain::Random | Brain::Naive => random_event(game, rng),
                Brain::Partisan => lookahead(game, player, camp, aim, legal_events(game), rng),
                Brain::Strong | Brain::Hiding => {
                    let marks = most_uncertain_marks(game);
                    if marks.is_empty() {
                        lookahead(game, player, camp, aim, legal_events(game), rng)
                    } else {
                        lookahead(game, player, camp, aim, marks, rng)
                    }
                }
                Brain::Rollout => search(game, player, sides, rng),
            },
            Pending::Attack { wolf } if wolf == player => match self {
                Brain::Random | Brain::Naive => random_event(game, rng),
                Brain::Rollout => search(game, player, sides, rng),
                _ => lookahead(game, player, camp, aim, legal_events(game), rng),
            },
            _ => None,
        }
    }
}

/// The legal verdicts on the most uncertain targets (werewolf chance nearest one half), each in the colour the
/// worlds favour (black from one half up) when that colour is left; every colour left when it is not.
fn most_uncertain_marks(game: &WerewolfState) -> Vec<WerewolfEvent> {
    let odds = Odds::of(game);
    let legal: Vec<WerewolfEvent> = legal_events(game).into_iter().collect();
    let doubt = |target: Seat| {
        let p = odds.wolf(target);
        p.min(1.0 - p)
    };
    let most = legal
        .iter()
        .filter_map(|e| match e {
            &WerewolfEvent::Verdict { target, .. } => Some(doubt(target)),
            _ => None,
        })
        .fold(f64::MIN, f64::max);
    let on_most: Vec<WerewolfEvent> = legal
        .into_iter()
        .filter(|e| matches!(e, &WerewolfEvent::Verdict { target, .. } if doubt(target) >= most - 1e-12))
        .collect();
    let honest: Vec<WerewolfEvent> = on_most
        .iter()
        .filter(|e| match e {
            &&WerewolfEvent::Verdict { target, verdict, .. } => {
                (verdict == Verdict::Black) == (odds.wolf(target) >= 0.5)
            }
            _ => false,
        })
        .cloned()
        .collect();
    if honest.is_empty() { on_most } else { honest }
}

/// The searching werewolf's choice: the sampled verdict or attack whose continuations `player` won most often;
/// ties by the partisan value of the state it leads to, then at random.
fn search(game: &WerewolfState, player: Seat, sides: &Sides, rng: &mut SplitMix64) -> Option<WerewolfEvent> {
    let mut legal: Vec<WerewolfEvent> = legal_events(game).into_iter().collect();
    // A uniform sample of the candidates, by a partial shuffle.
    let keep = legal.len().min(CANDIDATES);
    for i in 0..keep {
        let j = i + rng.below(legal.len() - i);
        legal.swap(i, j);
    }
    legal.truncate(keep);
    let camp = sides.of(game, player);
    let best = best_scoring(game, legal, |next, _| {
        let wins = (0..ROLLOUTS)
            .filter(|_| continuation_won(next.clone(), player, sides, rng))
            .count();
        wins as f64 + value(next, player, camp, Aim::Open) / 1000.0
    });
    rng.pick(&best).cloned()
}

/// Plays `game` to its end quickly — votes for each voter's side by the worlds, every other choice uniform —
/// and says whether `player` is among the winners.
fn continuation_won(mut game: WerewolfState, player: Seat, sides: &Sides, rng: &mut SplitMix64) -> bool {
    while let Some(pending) = game.pending() {
        let event = match pending {
            Pending::Vote { .. } => vote(&game, sides, |_, _| Ballots::Side, rng),
            _ => random_event(&game, rng),
        };
        let Some(event) = event else { break };
        if Werewolf::step(&mut game, &event).is_err() {
            break;
        }
    }
    game.outcome().is_some_and(|o| o.winners.contains(player))
}

#[cfg(test)]
mod tests {
    use marubatsu_engine::werewolf::Table;

    use super::*;

    #[test]
    fn a_strong_seer_marks_a_most_uncertain_target_honestly() {
        // At every verdict of random games, the strong marks are on targets at least as uncertain as any other
        // legal target, and black exactly when the worlds make the target a werewolf more often than not.
        let mut rng = SplitMix64::new(17);
        let mut checked = 0;
        for _ in 0..100 {
            let mut game = WerewolfState::new(Table::DEFAULT).without_log();
            while let Some(pending) = game.pending() {
                if let Pending::Verdict { .. } = pending {
                    let odds = Odds::of(&game);
                    let doubt = |t: Seat| odds.wolf(t).min(1.0 - odds.wolf(t));
                    let most = legal_events(&game)
                        .into_iter()
                        .filter_map(|e| match e {
                            WerewolfEvent::Verdict { target, .. } => Some(doubt(target)),
                            _ => None,
                        })
                        .fold(f64::MIN, f64::max);
                    for mark in most_uncertain_marks(&game) {
                        let WerewolfEvent::Verdict { target, .. } = mark else {
                            panic!("not a verdict: {mark:?}")
                        };
                        assert!(doubt(target) >= most - 1e-12);
                        checked += 1;
                    }
                }
                let Some(event) = random_event(&game, &mut rng) else {
                    break;
                };
                if Werewolf::step(&mut game, &event).is_err() {
                    break;
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }
}
