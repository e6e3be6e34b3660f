//! The vote (R9): which ballots make a legal vote, the tally, and the count — a death or a run-off.

use super::event::{Ballot, BallotError};
use super::game::{Step, WerewolfState};
use super::log::{DeathCause, Happening};
use super::seat::{MAX_PLAYERS, Seat, SeatSet};

/// Checks a vote in canonical form: one ballot per voter, voters in increasing seat order, each pointing at a
/// candidate other than themselves. The first offending ballot, in the order given, names the error; a voter
/// left out is reported after every ballot given has passed.
///
/// The rules ([`Werewolf`](super::Werewolf)) and [`LegalEvents::contains`](super::LegalEvents::contains) both use
/// this, so the legal events and the validation cannot drift apart.
pub(crate) fn check_ballots(voters: SeatSet, candidates: SeatSet, ballots: &[Ballot]) -> Result<(), BallotError> {
    let mut seen = SeatSet::EMPTY;
    let mut last: Option<Seat> = None;
    for &Ballot { voter, target } in ballots {
        if !voters.contains(voter) {
            return Err(BallotError::NotAVoter { voter });
        }
        if seen.contains(voter) {
            return Err(BallotError::Twice { voter });
        }
        if last.is_some_and(|last| last > voter) {
            return Err(BallotError::OutOfOrder { voter });
        }
        if target == voter {
            return Err(BallotError::OwnSeat { voter });
        }
        if !candidates.contains(target) {
            return Err(BallotError::NotACandidate { voter, target });
        }
        seen = seen.with(voter);
        last = Some(voter);
    }
    match (voters - seen).first() {
        Some(voter) => Err(BallotError::Missing { voter }),
        None => Ok(()),
    }
}

/// The votes each player received in one vote or run-off (R9).
///
/// ```
/// use marubatsu_engine::werewolf::{Ballot, Seat, Tally};
///
/// let seat = |i| Seat::new(i).unwrap();
/// let ballots = [(0, 2), (1, 2), (2, 0)].map(|(v, t)| Ballot { voter: seat(v), target: seat(t) });
/// let tally = Tally::of(&ballots);
/// assert_eq!(tally.votes(seat(2)), 2);
/// // Most votes first, ties in seat order; players without a vote are left out.
/// assert_eq!(tally.iter().collect::<Vec<_>>(), [(seat(2), 2), (seat(0), 1)]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally([u8; MAX_PLAYERS]);

impl Tally {
    /// The votes of `ballots`. At most [`MAX_PLAYERS`] ballots are counted, one per voter at most in a legal
    /// vote, so no count overflows.
    pub fn of(ballots: &[Ballot]) -> Tally {
        let mut votes = [0u8; MAX_PLAYERS];
        for ballot in ballots.iter().take(MAX_PLAYERS) {
            votes[ballot.target.index()] += 1;
        }
        Tally(votes)
    }

    /// How many votes `seat` received.
    pub const fn votes(self, seat: Seat) -> u8 {
        self.0[seat.index()]
    }

    /// The players who received votes, with their votes: most votes first, ties in seat order.
    pub fn iter(self) -> impl Iterator<Item = (Seat, u8)> {
        let mut counted: Vec<(Seat, u8)> = (0..MAX_PLAYERS as u8)
            .filter_map(Seat::new)
            .map(|seat| (seat, self.votes(seat)))
            .filter(|&(_, votes)| votes > 0)
            .collect();
        counted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        counted.into_iter()
    }

    /// The most votes any of `candidates` received, and who received that many.
    fn top(self, candidates: SeatSet) -> (u8, SeatSet) {
        let most = candidates.iter().map(|c| self.votes(c)).max().unwrap_or(0);
        let top = candidates.iter().filter(|&c| self.votes(c) == most).collect();
        (most, top)
    }
}

impl WerewolfState {
    /// R9, for a vote already checked: every ballot and the tally are logged, then the one player with the
    /// most votes dies, or the tied players go to a run-off.
    pub(crate) fn count_vote(&mut self, ballots: &[Ballot], candidates: SeatSet) {
        for &Ballot { voter, target } in ballots {
            self.record(Happening::Voted { voter, target });
        }
        let tally = Tally::of(ballots);
        self.record(Happening::Counted { tally });
        let (most, top) = tally.top(candidates);
        match top.first() {
            Some(dead) if top.len() == 1 => {
                self.die(dead, DeathCause::Voted { votes: most });
                self.step = Step::NextRound;
            }
            _ => {
                self.record(Happening::RunOff { tied: top, votes: most });
                if let Step::Ballots { runoff, .. } = self.step {
                    // R9 puts no limit on run-offs: players who never give in vote forever, and the count
                    // saturates rather than overflow.
                    self.step = Step::Ballots {
                        candidates: top,
                        runoff: runoff.saturating_add(1),
                    };
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(i: u8) -> Seat {
        Seat::new(i).unwrap_or_default()
    }

    fn ballots(pairs: &[(u8, u8)]) -> Vec<Ballot> {
        pairs
            .iter()
            .map(|&(voter, target)| Ballot {
                voter: seat(voter),
                target: seat(target),
            })
            .collect()
    }

    #[test]
    fn every_way_a_vote_can_be_wrong_names_the_offending_seat() {
        let voters = SeatSet::from_bits(0b1011); // 0, 1, 3 alive
        let candidates = SeatSet::from_bits(0b0011); // run-off between 0 and 1
        let check = |pairs: &[(u8, u8)]| check_ballots(voters, candidates, &ballots(pairs));
        assert_eq!(check(&[(0, 1), (1, 0), (3, 0)]), Ok(()));
        assert_eq!(
            check(&[(0, 1), (2, 0), (3, 0)]),
            Err(BallotError::NotAVoter { voter: seat(2) })
        );
        assert_eq!(
            check(&[(0, 1), (0, 1), (1, 0), (3, 0)]),
            Err(BallotError::Twice { voter: seat(0) })
        );
        assert_eq!(
            check(&[(1, 0), (0, 1), (3, 0)]),
            Err(BallotError::OutOfOrder { voter: seat(0) })
        );
        assert_eq!(
            check(&[(0, 0), (1, 0), (3, 0)]),
            Err(BallotError::OwnSeat { voter: seat(0) })
        );
        assert_eq!(
            check(&[(0, 1), (1, 3), (3, 0)]),
            Err(BallotError::NotACandidate {
                voter: seat(1),
                target: seat(3)
            })
        );
        assert_eq!(check(&[(0, 1), (3, 0)]), Err(BallotError::Missing { voter: seat(1) }));
        assert_eq!(check(&[]), Err(BallotError::Missing { voter: seat(0) }));
    }

    #[test]
    fn the_tally_finds_the_top_among_the_candidates_only() {
        let tally = Tally::of(&ballots(&[(0, 3), (1, 3), (2, 0), (3, 1)]));
        assert_eq!(tally.top(SeatSet::from_bits(0b1111)), (2, SeatSet::EMPTY.with(seat(3))));
        assert_eq!(tally.top(SeatSet::from_bits(0b0011)), (1, SeatSet::from_bits(0b0011)));
        assert_eq!(Tally::default().iter().count(), 0);
    }
}
