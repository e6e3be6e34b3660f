//! Who decides how: the policies a simulated table plays with.

use core::fmt;
use core::str::FromStr;

use marubatsu_engine::werewolf::{Event, Game, Pending};

use super::partisan::{Camp, Sides, partisan_event, partisan_transfer, partisan_vote};
use super::random::{random_event, random_transfer};
use marubatsu_engine::random::{RandomSource, SplitMix64};

/// How the simulated players choose. Chance — the rock-paper-scissors of a tie for start player (R4, R5) and
/// the card drawn at a death (R8) — is always uniform, whatever the policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    /// Everyone chooses uniformly among the legal events.
    Random,
    /// Everyone plays [partisan](super::partisan): for the side its cards put it on, one event ahead.
    Partisan,
    /// The village's side plays partisan, the werewolves' side at random.
    VillagePartisan,
    /// The werewolves' side plays partisan, the village's side at random.
    WolfPartisan,
    /// Everyone plays partisan for a side chosen at the start: as many players as the composition has
    /// werewolves commit to the werewolves ([`Sides::commit`]), the rest to the village, so the werewolves'
    /// side is played from the first turn instead of only by whoever ends up holding werewolf cards.
    Committed,
}

impl Policy {
    /// Every policy, in the order reports list them.
    pub const ALL: [Policy; 5] = [
        Policy::Random,
        Policy::Partisan,
        Policy::VillagePartisan,
        Policy::WolfPartisan,
        Policy::Committed,
    ];

    /// The name on the command line and in reports.
    pub const fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Partisan => "partisan",
            Policy::VillagePartisan => "village-partisan",
            Policy::WolfPartisan => "wolf-partisan",
            Policy::Committed => "committed",
        }
    }

    /// Whether a player of `camp` plays partisan under this policy.
    pub const fn partisan(self, camp: Camp) -> bool {
        matches!(
            (self, camp),
            (Policy::Partisan | Policy::Committed, _)
                | (Policy::VillagePartisan, Camp::Village)
                | (Policy::WolfPartisan, Camp::Werewolves)
        )
    }

    /// The event this policy plays for the pending decision, or `None` once the game is over.
    ///
    /// ```
    /// use marubatsu_engine::werewolf::{Game, Table};
    /// use marubatsu_engine::random::SplitMix64;
    /// use marubatsu_sim::Policy;
    ///
    /// let mut game = Game::new(Table::DEFAULT).without_log();
    /// let mut rng = SplitMix64::new(1);
    /// while let Some(event) = Policy::Partisan.choose(&game, &mut rng) {
    ///     game.play(&event).expect("policies play legal events");
    /// }
    /// assert!(game.outcome().is_some());
    /// ```
    pub fn choose(self, game: &Game, rng: &mut SplitMix64) -> Option<Event> {
        self.choose_for(game, &Sides::NONE, rng)
    }

    /// The sides the players of a new `game` play for: committed for [`Policy::Committed`], by the cards
    /// otherwise.
    pub fn sides(self, game: &Game, rng: &mut SplitMix64) -> Sides {
        match self {
            Policy::Committed => Sides::commit(game, rng),
            _ => Sides::NONE,
        }
    }

    /// [`choose`](Policy::choose) with the players' `sides`, from [`Policy::sides`] at the game's start.
    pub fn choose_for(self, game: &Game, sides: &Sides, rng: &mut SplitMix64) -> Option<Event> {
        let pending = game.pending()?;
        let side = |seat| sides.of(game, seat);
        if let Pending::Vote { voters, .. } = pending {
            // Everyone alive votes at once, each by the policy of their own side.
            let partisan = |voter| self.partisan(side(voter));
            if voters.iter().any(partisan) {
                return partisan_vote(game, sides, partisan, rng).or_else(|| random_event(game, rng));
            }
            return random_event(game, rng);
        }
        if let Pending::Transfer { .. } = pending {
            // Whichever debtor who can complete their transfer speaks first (R7 allows any order).
            let ready = game.ready_transfers();
            let &(from, role, cards) = rng.pick(&ready)?;
            if self.partisan(side(from)) {
                return partisan_transfer(game, from, role, cards, sides, rng);
            }
            return Some(random_transfer(game, from, role, cards, rng));
        }
        match pending.player() {
            Some(player) if self.partisan(side(player)) => {
                // The partisan player always finds a legal event; falling back keeps a game going regardless.
                partisan_event(game, player, sides, rng).or_else(|| random_event(game, rng))
            }
            _ => random_event(game, rng),
        }
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
    use super::*;

    #[test]
    fn names_round_trip() {
        for policy in Policy::ALL {
            assert_eq!(policy.name().parse(), Ok(policy));
        }
        assert_eq!(
            "clever".parse::<Policy>().map_err(|e| e.to_string()),
            Err(
                "unknown policy `clever` (one of: random, partisan, village-partisan, wolf-partisan, committed)".into()
            )
        );
    }
}
