//! [`LegalEvents`]: the events accepted now, as a value that can be counted, indexed, iterated and asked —
//! without listing the millions of ballots a vote can have.
//!
//! A vote (R9) is one event carrying every alive player's ballot, so its legal events are the product of the
//! voters' choices: up to 7^8 = 5,764,801 at 8 players, 15^16 ≈ 6.6 × 10^18 at 16 (still within a `u64`).
//! They are numbered in mixed radix instead of listed: with the voters in seat order `v_1 … v_k`, each with
//! `r_i` targets in seat order, index `Σ d_i · r_{i+1} ⋯ r_k` is the vote in which `v_i` points at their
//! `d_i`-th target. The last voter is the least significant digit, so indices follow the lexicographic order of
//! the events, and a uniform index is a uniform vote.

use super::event::{Ballot, WerewolfEvent};
use super::seat::SeatSet;
use super::vote::check_ballots;

/// The events the rules ([`Werewolf`](super::Werewolf)) accept now, from [`legal_events`](super::legal_events).
///
/// Every decision but the vote is a short list (see `legal_events` for the sizes). A vote is every combination
/// of the voters' choices, numbered rather than stored, so [`len`](LegalEvents::len) is a `u64` and
/// [`get`](LegalEvents::get) decodes an index in O(N): a simulated table picks a uniform index, a UI asks
/// [`WerewolfState::vote_targets`](super::WerewolfState::vote_targets) for one voter's choices.
///
/// ```
/// use marubatsu_engine::rules::Rules;
/// use marubatsu_engine::werewolf::{legal_events, WerewolfEvent, WerewolfState, Pending, Phase, Table, Werewolf};
///
/// # fn main() -> Result<(), marubatsu_engine::werewolf::WerewolfRefusal> {
/// let mut game = WerewolfState::new(Table::new(1, 1, 1).unwrap()); // 3 players
/// // Every tie-break goes to seat 0, the first listed event, until the vote.
/// while !matches!(game.pending(), Some(Pending::Vote { .. })) {
///     let first = legal_events(&game).get(0).expect("a game that goes on accepts something");
///     Werewolf::step(&mut game, &first)?;
/// }
/// let votes = legal_events(&game);
/// assert_eq!(votes.len(), 2 * 2 * 2); // each of 3 voters points at one of the other two
/// let Some(WerewolfEvent::Vote { ballots }) = votes.get(5) else { unreachable!() };
/// // 5 = 1·4 + 0·2 + 1: seat 0 takes its second choice (seat 2), seat 1 its first (0), seat 2 its second (1).
/// let targets: Vec<u8> = ballots.iter().map(|b| b.target.number()).collect();
/// assert_eq!(targets, [2, 0, 1]);
/// assert!(votes.contains(&WerewolfEvent::Vote { ballots: ballots.clone() }));
/// assert_eq!(votes.iter().nth(5), votes.get(5));
/// assert_eq!(votes.get(8), None);
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalEvents(Kind);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// Every legal event, in the order `legal_events` lists them.
    Listed(Vec<WerewolfEvent>),
    /// Every vote of `voters` over `candidates`.
    Vote(VoteSpace),
}

/// The votes of `voters` among `candidates`: each voter points at a candidate other than themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct VoteSpace {
    voters: SeatSet,
    candidates: SeatSet,
    /// The number of votes: the product of every voter's number of targets.
    len: u64,
}

impl VoteSpace {
    fn new(voters: SeatSet, candidates: SeatSet) -> VoteSpace {
        // At most 16 voters with at most 15 targets each: 15^16 < 2^64, so the product never overflows; it
        // saturates anyway rather than trust that.
        let len = voters.iter().fold(1u64, |len, voter| {
            len.saturating_mul(candidates.without(voter).len() as u64)
        });
        VoteSpace {
            voters,
            candidates,
            len,
        }
    }

    /// The vote numbered `index` (see the module docs), for `index < len`.
    fn get(self, mut index: u64) -> Option<WerewolfEvent> {
        if index >= self.len {
            return None;
        }
        let mut ballots: Vec<Ballot> = Vec::with_capacity(self.voters.len());
        // The last voter is the least significant digit: decode from the end, then restore seat order.
        for voter in self.voters.iter().rev() {
            let targets = self.candidates.without(voter);
            let radix = targets.len() as u64;
            let digit = (index % radix) as usize;
            index /= radix;
            ballots.push(Ballot {
                voter,
                target: targets.iter().nth(digit)?,
            });
        }
        ballots.reverse();
        Some(WerewolfEvent::Vote { ballots })
    }
}

impl LegalEvents {
    /// Events listed one by one.
    pub(crate) const fn listed(events: Vec<WerewolfEvent>) -> LegalEvents {
        LegalEvents(Kind::Listed(events))
    }

    /// Every vote of `voters` pointing at `candidates` other than themselves.
    pub(crate) fn vote(voters: SeatSet, candidates: SeatSet) -> LegalEvents {
        LegalEvents(Kind::Vote(VoteSpace::new(voters, candidates)))
    }

    /// How many events are legal: 0 once the game is over.
    pub fn len(&self) -> u64 {
        match &self.0 {
            Kind::Listed(events) => events.len() as u64,
            Kind::Vote(space) => space.len,
        }
    }

    /// Whether no event is legal, which happens only once the game is over.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The event numbered `index`, in `0..len()`; `None` beyond.
    pub fn get(&self, index: u64) -> Option<WerewolfEvent> {
        match &self.0 {
            Kind::Listed(events) => usize::try_from(index).ok().and_then(|i| events.get(i)).cloned(),
            Kind::Vote(space) => space.get(index),
        }
    }

    /// Whether `event` is legal now, checked as the rules check it, without listing.
    pub fn contains(&self, event: &WerewolfEvent) -> bool {
        match (&self.0, event) {
            (Kind::Listed(events), _) => events.contains(event),
            (Kind::Vote(space), WerewolfEvent::Vote { ballots }) => {
                check_ballots(space.voters, space.candidates, ballots).is_ok()
            }
            (Kind::Vote(_), _) => false,
        }
    }

    /// Every legal event in index order, made one at a time.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            events: self,
            front: 0,
            back: self.len(),
        }
    }
}

/// The legal events one at a time, in index order: [`LegalEvents::iter`].
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    events: &'a LegalEvents,
    front: u64,
    back: u64,
}

impl Iterator for Iter<'_> {
    type Item = WerewolfEvent;

    fn next(&mut self) -> Option<WerewolfEvent> {
        if self.front >= self.back {
            return None;
        }
        self.front += 1;
        self.events.get(self.front - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.back - self.front;
        match usize::try_from(left) {
            Ok(n) => (n, Some(n)),
            Err(_) => (usize::MAX, None),
        }
    }

    fn nth(&mut self, n: usize) -> Option<WerewolfEvent> {
        self.front = self.front.saturating_add(n as u64).min(self.back);
        self.next()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<WerewolfEvent> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        self.events.get(self.back)
    }
}

impl core::iter::FusedIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a LegalEvents {
    type Item = WerewolfEvent;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The legal events one at a time, owning them: `legal_events(&game).into_iter()`. Listed events are moved
/// out, votes made one at a time.
#[derive(Clone, Debug)]
pub struct IntoIter(IntoKind);

#[derive(Clone, Debug)]
enum IntoKind {
    Listed(std::vec::IntoIter<WerewolfEvent>),
    Vote(VoteSpace, core::ops::Range<u64>),
}

impl Iterator for IntoIter {
    type Item = WerewolfEvent;

    fn next(&mut self) -> Option<WerewolfEvent> {
        match &mut self.0 {
            IntoKind::Listed(events) => events.next(),
            IntoKind::Vote(space, indices) => indices.next().and_then(|i| space.get(i)),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.0 {
            IntoKind::Listed(events) => events.size_hint(),
            IntoKind::Vote(_, indices) => match usize::try_from(indices.end - indices.start) {
                Ok(n) => (n, Some(n)),
                Err(_) => (usize::MAX, None),
            },
        }
    }
}

impl core::iter::FusedIterator for IntoIter {}

impl IntoIterator for LegalEvents {
    type Item = WerewolfEvent;
    type IntoIter = IntoIter;

    fn into_iter(self) -> IntoIter {
        IntoIter(match self.0 {
            Kind::Listed(events) => IntoKind::Listed(events.into_iter()),
            Kind::Vote(space) => IntoKind::Vote(space, 0..space.len),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::werewolf::Seat;

    fn seats(bits: u16) -> SeatSet {
        SeatSet::from_bits(bits)
    }

    #[test]
    fn votes_are_numbered_in_lexicographic_order_one_for_one() {
        // Four alive, a run-off between seats 1 and 2: seats 1 and 2 have one choice, seats 0 and 3 two.
        let votes = LegalEvents::vote(seats(0b1111), seats(0b0110));
        assert_eq!(votes.len(), 4); // 2 × 1 × 1 × 2
        let all: Vec<WerewolfEvent> = votes.iter().collect();
        assert_eq!(all.len(), 4);
        let mut sorted = all.clone();
        sorted.sort_by_key(|e| match e {
            WerewolfEvent::Vote { ballots } => ballots.clone(),
            _ => Vec::new(),
        });
        assert_eq!(sorted, all, "index order is lexicographic");
        sorted.dedup();
        assert_eq!(sorted.len(), 4, "no vote twice");
        assert!(all.iter().all(|e| votes.contains(e)));
        assert_eq!(votes.iter().next_back(), votes.get(3));
        assert_eq!(votes.clone().into_iter().collect::<Vec<_>>(), all);
        assert_eq!(votes.get(4), None);
        assert_eq!(votes.get(u64::MAX), None);
    }

    #[test]
    fn the_largest_vote_fits_in_a_u64() {
        let votes = LegalEvents::vote(seats(u16::MAX), seats(u16::MAX));
        assert_eq!(votes.len(), 15u64.pow(16));
        let Some(WerewolfEvent::Vote { ballots }) = votes.get(votes.len() - 1) else {
            panic!("the last vote");
        };
        // The last vote: everyone at their last choice, seat 15 (seat 15 itself at seat 14).
        assert!(ballots.iter().take(15).all(|b| b.target.number() == 15));
        assert_eq!(ballots[15].target.number(), 14);
        assert_eq!(votes.iter().size_hint().1, usize::try_from(votes.len()).ok());
    }

    #[test]
    fn listed_events_index_and_iterate_as_a_list() {
        let events = vec![
            WerewolfEvent::StartPlayer { seat: Seat::default() },
            WerewolfEvent::Draw {
                player: Seat::default(),
                index: 2,
            },
        ];
        let legal = LegalEvents::listed(events.clone());
        assert_eq!(legal.len(), 2);
        assert_eq!(legal.iter().collect::<Vec<_>>(), events);
        assert_eq!(legal.get(1), Some(events[1].clone()));
        assert!(!legal.contains(&WerewolfEvent::Vote { ballots: Vec::new() }));
        assert!(LegalEvents::listed(Vec::new()).is_empty());
    }
}
