//! The speaking order the UI draws each round, with the rule that keeps the closing turn moving.

use crate::random::RandomSource;

/// A uniformly shuffled order of `players` seats (Fisher–Yates: one [`below`](RandomSource::below) draw per
/// seat after the first).
pub fn shuffled_order<R: RandomSource + ?Sized>(players: usize, source: &mut R) -> Vec<usize> {
    let mut order: Vec<usize> = (0..players).collect();
    for i in (1..players).rev() {
        let j = source.below(i + 1);
        order.swap(i, j);
    }
    order
}

/// A shuffled order that does not end with `previous_closer`, the seat that closed the last round (`None` after
/// a reload, or in the first round: then it is a plain [`shuffled_order`]).
///
/// It shuffles, and if the previous closer came out last, swaps them with a uniformly chosen earlier position.
/// The new closer is then uniform over the other players: each is last with chance 1/n straight away, plus
/// 1/n · 1/(n−1) through the swap, 1/(n−1) in all.
///
/// ```
/// use marubatsu_engine::relay::shuffled_order_avoiding_last;
///
/// let mut x = 42u64;
/// let mut source = || { x = x.wrapping_mul(6364136223846793005).wrapping_add(1); x };
/// for _ in 0..100 {
///     let order = shuffled_order_avoiding_last(4, Some(2), &mut source);
///     assert_ne!(order.last(), Some(&2));
/// }
/// ```
pub fn shuffled_order_avoiding_last<R: RandomSource + ?Sized>(
    players: usize,
    previous_closer: Option<usize>,
    source: &mut R,
) -> Vec<usize> {
    let mut order = shuffled_order(players, source);
    if players >= 2 && previous_closer.is_some() && order.last().copied() == previous_closer {
        let j = source.below(players - 1);
        order.swap(j, players - 1);
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;
    use crate::relay::order::is_permutation;

    #[test]
    fn shuffles_are_permutations_and_every_one_turns_up() {
        let mut rng = SplitMix64::new(11);
        let mut seen = std::collections::HashMap::new();
        for _ in 0..24_000 {
            let order = shuffled_order(4, &mut rng);
            assert!(is_permutation(&order, 4));
            *seen.entry(order).or_insert(0u32) += 1;
        }
        // 24 orders, about 1,000 each (σ ≈ 31).
        assert_eq!(seen.len(), 24);
        assert!(seen.values().all(|&c| (850..1_150).contains(&c)), "{seen:?}");
        assert_eq!(shuffled_order(0, &mut rng), Vec::<usize>::new());
        assert_eq!(shuffled_order(1, &mut rng), [0]);
    }

    #[test]
    fn the_previous_closer_never_closes_and_the_others_close_equally_often() {
        let mut rng = SplitMix64::new(12);
        for players in 3..=12 {
            let mut closers = vec![0u32; players];
            let games = 2_000 * (players as u32 - 1);
            for _ in 0..games {
                let order = shuffled_order_avoiding_last(players, Some(0), &mut rng);
                assert!(is_permutation(&order, players));
                closers[order[players - 1]] += 1;
            }
            assert_eq!(closers[0], 0);
            // Each other seat about 2,000 times (σ < 45).
            assert!(closers[1..].iter().all(|&c| (1_800..2_200).contains(&c)), "{closers:?}");
        }
    }

    #[test]
    fn with_no_previous_closer_or_one_out_of_range_it_is_a_plain_shuffle() {
        for previous in [None, Some(4), Some(usize::MAX)] {
            let mut a = SplitMix64::new(13);
            let mut b = SplitMix64::new(13);
            for _ in 0..100 {
                assert_eq!(
                    shuffled_order_avoiding_last(4, previous, &mut a),
                    shuffled_order(4, &mut b)
                );
            }
        }
    }
}
