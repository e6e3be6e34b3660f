//! Who decides how: the policies a simulated table plays with — one [`Brain`] for each side, and whether the
//! players commit to a side at the start.

use core::fmt;
use core::str::FromStr;

use marubatsu_engine::werewolf::{Pending, WerewolfEvent, WerewolfState};

use super::brain::Brain;
use super::odds::Odds;
use super::partisan::{Camp, Sides, vote};
use super::random::{random_event, random_transfer};
use marubatsu_engine::random::{RandomSource, SplitMix64};

/// How the simulated players choose. Chance — the rock-paper-scissors of a tie for start player (R4, R5) and
/// the card drawn at a death (R8) — is never a policy's: a tie is uniform, and a draw is the table's own
/// ([`WerewolfState::draw_event`]: a uniform card, or under Version 4 a uniform consistent deal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    /// Everyone chooses uniformly among the legal events.
    Random,
    /// Everyone plays partisan: for the side the worlds put it on, one event ahead.
    Partisan,
    /// The village's side plays partisan, the werewolves' side at random.
    VillagePartisan,
    /// The werewolves' side plays partisan, the village's side at random.
    WolfPartisan,
    /// Everyone plays partisan for a side chosen at the start: as many players as the composition has
    /// werewolves commit to the werewolves ([`Sides::commit`]), the rest to the village.
    Committed,
    /// Committed sides; the werewolves hide ([`Brain::Hiding`]), the village plays partisan.
    HidingWolf,
    /// Committed sides; the werewolves search by rollouts ([`Brain::Rollout`]), the village plays partisan.
    RolloutWolf,
    /// Committed sides; the strong village ([`Brain::Strong`]) against partisan werewolves.
    StrongVillage,
    /// Committed sides; the strong village against hiding werewolves.
    StrongVsHiding,
    /// Committed sides; the strong village against searching werewolves.
    StrongVsRollout,
    /// Committed sides; a naive village ([`Brain::Naive`]: each vote follows the highest werewolf chance half
    /// the time, every other choice at random) against searching werewolves — a first table against careful
    /// werewolves.
    NaiveVsRollout,
}

impl Policy {
    /// Every policy, in the order reports list them.
    pub const ALL: [Policy; 11] = [
        Policy::Random,
        Policy::Partisan,
        Policy::VillagePartisan,
        Policy::WolfPartisan,
        Policy::Committed,
        Policy::HidingWolf,
        Policy::RolloutWolf,
        Policy::StrongVillage,
        Policy::StrongVsHiding,
        Policy::StrongVsRollout,
        Policy::NaiveVsRollout,
    ];

    /// The three pairings a table is ranked under for a first table: strong against strong, a naive village
    /// against strong werewolves, and random against random.
    pub const PANEL: [Policy; 3] = [Policy::StrongVsRollout, Policy::NaiveVsRollout, Policy::Random];

    /// The policies the single-table report plays by default: the book's first five.
    pub const CLASSIC: [Policy; 5] = [
        Policy::Random,
        Policy::Partisan,
        Policy::VillagePartisan,
        Policy::WolfPartisan,
        Policy::Committed,
    ];

    /// The strong village against each werewolf brain: the pairings the workbench takes the strongest of.
    pub const AGAINST_STRONG: [Policy; 3] = [Policy::StrongVillage, Policy::StrongVsHiding, Policy::StrongVsRollout];

    /// The name on the command line and in reports.
    pub const fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Partisan => "partisan",
            Policy::VillagePartisan => "village-partisan",
            Policy::WolfPartisan => "wolf-partisan",
            Policy::Committed => "committed",
            Policy::HidingWolf => "hiding-wolf",
            Policy::RolloutWolf => "rollout-wolf",
            Policy::StrongVillage => "strong-village",
            Policy::StrongVsHiding => "strong-vs-hiding",
            Policy::StrongVsRollout => "strong-vs-rollout",
            Policy::NaiveVsRollout => "naive-vs-rollout",
        }
    }

    /// The brain of each side: the village's, then the werewolves'.
    pub const fn brains(self) -> (Brain, Brain) {
        match self {
            Policy::Random => (Brain::Random, Brain::Random),
            Policy::Partisan | Policy::Committed => (Brain::Partisan, Brain::Partisan),
            Policy::VillagePartisan => (Brain::Partisan, Brain::Random),
            Policy::WolfPartisan => (Brain::Random, Brain::Partisan),
            Policy::HidingWolf => (Brain::Partisan, Brain::Hiding),
            Policy::RolloutWolf => (Brain::Partisan, Brain::Rollout),
            Policy::StrongVillage => (Brain::Strong, Brain::Partisan),
            Policy::StrongVsHiding => (Brain::Strong, Brain::Hiding),
            Policy::StrongVsRollout => (Brain::Strong, Brain::Rollout),
            Policy::NaiveVsRollout => (Brain::Naive, Brain::Rollout),
        }
    }

    /// Whether the players commit to a side at the start.
    pub const fn commits(self) -> bool {
        !matches!(
            self,
            Policy::Random | Policy::Partisan | Policy::VillagePartisan | Policy::WolfPartisan
        )
    }

    /// The brain of a player of `camp`.
    pub const fn brain(self, camp: Camp) -> Brain {
        let (village, wolves) = self.brains();
        match camp {
            Camp::Village => village,
            Camp::Werewolves => wolves,
        }
    }

    /// The event this policy plays for the pending decision, or `None` once the game is over.
    ///
    /// ```
    /// use marubatsu_engine::random::SplitMix64;
    /// use marubatsu_engine::rules::Rules;
    /// use marubatsu_engine::werewolf::{WerewolfState, Table, Werewolf};
    /// use marubatsu_sim::Policy;
    ///
    /// let mut game = WerewolfState::new(Table::DEFAULT).without_log();
    /// let mut rng = SplitMix64::new(1);
    /// while let Some(event) = Policy::Partisan.choose(&game, &mut rng) {
    ///     Werewolf::step(&mut game, &event).expect("policies play legal events");
    /// }
    /// assert!(game.outcome().is_some());
    /// ```
    pub fn choose(self, game: &WerewolfState, rng: &mut SplitMix64) -> Option<WerewolfEvent> {
        self.choose_for(game, &Sides::NONE, rng)
    }

    /// The sides the players of a new `game` play for: committed when [`Policy::commits`], by the worlds
    /// otherwise.
    pub fn sides(self, game: &WerewolfState, rng: &mut SplitMix64) -> Sides {
        if self.commits() {
            Sides::commit(game, rng)
        } else {
            Sides::NONE
        }
    }

    /// [`choose`](Policy::choose) with the players' `sides`, from [`Policy::sides`] at the game's start.
    pub fn choose_for(self, game: &WerewolfState, sides: &Sides, rng: &mut SplitMix64) -> Option<WerewolfEvent> {
        let pending = game.pending()?;
        if let Pending::Draw { .. } = pending {
            return game.draw_event(rng);
        }
        if let Pending::Vote { .. } = pending {
            // Everyone alive votes at once, each as their own side's brain does.
            if self == Policy::Random {
                return random_event(game, rng);
            }
            return vote(game, sides, |_, camp| self.brain(camp).ballots(camp), rng)
                .or_else(|| random_event(game, rng));
        }
        let player = match pending {
            Pending::Transfer { .. } => {
                // Whichever debtor who can complete their transfer speaks first (R7 allows any order).
                let ready = game.settleable_transfers();
                let &(from, role, cards) = rng.pick(&ready)?;
                if self == Policy::Random {
                    return Some(random_transfer(game, from, role, cards, rng));
                }
                from
            }
            _ => match pending.player() {
                Some(player) if self != Policy::Random => player,
                _ => return random_event(game, rng),
            },
        };
        let camp = sides.of_by(game, &Odds::of(game), player);
        // Every brain finds a legal event for its own decision; falling back keeps a game going regardless.
        self.brain(camp)
            .decide(game, player, camp, sides, rng)
            .or_else(|| random_event(game, rng))
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A policy name that is not one of [`Policy::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPolicy(pub String);

impl fmt::Display for UnknownPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Policy::ALL.iter().map(|p| p.name()).collect();
        write!(f, "unknown policy `{}` (one of: {})", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownPolicy {}

impl FromStr for Policy {
    type Err = UnknownPolicy;

    fn from_str(name: &str) -> Result<Policy, UnknownPolicy> {
        Policy::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| UnknownPolicy(name.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use marubatsu_engine::rules::Rules;
    use marubatsu_engine::werewolf::{Options, Table, Werewolf};

    use super::*;

    #[test]
    fn names_round_trip() {
        for policy in Policy::ALL {
            assert_eq!(policy.name().parse(), Ok(policy));
        }
        let error = "clever".parse::<Policy>().map_err(|e| e.to_string());
        assert!(error.is_err_and(|e| e.starts_with("unknown policy `clever` (one of: random, partisan,")));
    }

    #[test]
    fn every_policy_finishes_its_games_with_accepted_events() {
        let mut rng = SplitMix64::new(11);
        for table in [Table::DEFAULT, Table::DEFAULT.with_options(Options::V3)] {
            for policy in Policy::ALL {
                for _ in 0..4 {
                    let mut game = WerewolfState::new(table).without_log();
                    let sides = policy.sides(&game, &mut rng);
                    while let Some(event) = policy.choose_for(&game, &sides, &mut rng) {
                        if let Err(error) = Werewolf::step(&mut game, &event) {
                            panic!("{policy}: {event:?}: {error}");
                        }
                    }
                    assert!(game.outcome().is_some(), "{policy}");
                }
            }
        }
    }
}
