//! Speaking orders: permutations of the seats, checked when the UI passes one in.

/// Whether `order` holds each seat of `players` exactly once.
///
/// ```
/// use marubatsu_engine::relay::is_permutation;
///
/// assert!(is_permutation(&[2, 0, 1], 3));
/// assert!(!is_permutation(&[2, 0, 0], 3));
/// assert!(!is_permutation(&[0, 1, 3], 3));
/// assert!(!is_permutation(&[0, 1], 3));
/// ```
pub fn is_permutation(order: &[usize], players: usize) -> bool {
    if order.len() != players {
        return false;
    }
    let mut seen = vec![false; players];
    order.iter().all(|&seat| match seen.get_mut(seat) {
        Some(slot) if !*slot => {
            *slot = true;
            true
        }
        _ => false,
    })
}

/// The seats in order: the fallback for an order that is not a permutation.
pub(crate) fn seat_order(players: usize) -> Vec<usize> {
    (0..players).collect()
}

/// `order` if it is a permutation of the seats, else seat order.
pub(crate) fn order_or_seats(order: &[usize], players: usize) -> Vec<usize> {
    if is_permutation(order, players) {
        order.to_vec()
    } else {
        seat_order(players)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_order_falls_back_to_seat_order() {
        assert_eq!(order_or_seats(&[3, 1, 0, 2], 4), [3, 1, 0, 2]);
        for broken in [
            &[][..],
            &[0, 1, 2][..],
            &[0, 1, 2, 3, 0][..],
            &[0, 1, 1, 3][..],
            &[0, 1, 2, 4][..],
            &[usize::MAX, 1, 2, 3][..],
        ] {
            assert_eq!(order_or_seats(broken, 4), [0, 1, 2, 3], "{broken:?}");
        }
    }

    #[test]
    fn every_permutation_of_four_is_accepted_and_nothing_else_of_length_four() {
        // All 4⁴ sequences over 0..4: exactly 4! = 24 are permutations.
        let mut accepted = 0;
        for code in 0..256usize {
            let order: Vec<usize> = (0..4).map(|i| (code >> (2 * i)) & 3).collect();
            let mut sorted = order.clone();
            sorted.sort_unstable();
            let expected = sorted == [0, 1, 2, 3];
            assert_eq!(is_permutation(&order, 4), expected, "{order:?}");
            accepted += usize::from(expected);
        }
        assert_eq!(accepted, 24);
    }
}
