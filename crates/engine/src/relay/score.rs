//! Scores and ranking: a vote received is a point; equal scores share a rank.

/// One player's place in a ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Standing {
    /// The player's seat.
    pub player: usize,
    /// Votes received.
    pub score: u32,
    /// 1 for the most votes; players with equal scores share a rank and the next rank skips as many
    /// ("1, 2, 2, 4").
    pub rank: usize,
}

/// Every seat ranked by `scores` (one score per seat): most votes first, equal scores in seat order.
///
/// ```
/// use marubatsu_engine::relay::ranking;
///
/// let ranks: Vec<(usize, usize)> = ranking(&[3, 5, 3, 1]).iter().map(|s| (s.player, s.rank)).collect();
/// assert_eq!(ranks, [(1, 1), (0, 2), (2, 2), (3, 4)]);
/// ```
pub fn ranking(scores: &[u32]) -> Vec<Standing> {
    let mut standings: Vec<Standing> = scores
        .iter()
        .enumerate()
        .map(|(player, &score)| Standing {
            player,
            score,
            rank: 1 + scores.iter().filter(|&&other| other > score).count(),
        })
        .collect();
    standings.sort_by_key(|s| (s.rank, s.player));
    standings
}

/// Votes received per seat, from votes in voting order (`votes[t]` is a seat); seats out of range are skipped.
pub(crate) fn tally(players: usize, votes: &[usize]) -> Vec<u32> {
    let mut received = vec![0u32; players];
    for &target in votes {
        if let Some(count) = received.get_mut(target) {
            *count = count.saturating_add(1);
        }
    }
    received
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranks(scores: &[u32]) -> Vec<(usize, usize)> {
        ranking(scores).iter().map(|s| (s.player, s.rank)).collect()
    }

    #[test]
    fn ties_share_a_rank_and_the_next_rank_skips() {
        assert_eq!(ranks(&[2, 2, 2]), [(0, 1), (1, 1), (2, 1)]);
        assert_eq!(ranks(&[0, 4, 4, 1]), [(1, 1), (2, 1), (3, 3), (0, 4)]);
        assert_eq!(ranks(&[1, 0, 0, 9, 1]), [(3, 1), (0, 2), (4, 2), (1, 4), (2, 4)]);
        assert_eq!(ranks(&[]), []);
        let standings = ranking(&[7, 3]);
        assert_eq!(
            standings[0],
            Standing {
                player: 0,
                score: 7,
                rank: 1
            }
        );
    }

    #[test]
    fn a_tally_counts_votes_per_seat() {
        assert_eq!(tally(4, &[1, 1, 3, 0]), [1, 2, 0, 1]);
        assert_eq!(tally(3, &[]), [0, 0, 0]);
        assert_eq!(tally(3, &[5, 2]), [0, 0, 1]);
    }
}
