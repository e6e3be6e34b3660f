//! Perft-style counts of the whole game tree, and the list of every reachable position.

use super::position::Position;

/// The size of the game tree from the empty board, where play stops at a line or a full board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TreeCounts {
    /// Every node of the tree, the empty board included: 549,946.
    pub nodes: u64,
    /// The leaves, that is complete games: 255,168.
    pub games: u64,
    /// Distinct positions among the nodes, the empty board included: 5,478.
    pub positions: u64,
}

/// Walks the whole game tree and counts it.
///
/// The three numbers are well known, so they check the rules: a mistake in when a game stops or whose turn it
/// is changes at least one of them.
///
/// ```
/// use marubatsu_engine::tictactoe::count_tree;
///
/// let counts = count_tree();
/// assert_eq!((counts.nodes, counts.games, counts.positions), (549_946, 255_168, 5_478));
/// ```
pub fn count_tree() -> TreeCounts {
    let mut counts = TreeCounts {
        nodes: 0,
        games: 0,
        positions: 0,
    };
    let mut seen = Seen::new();
    walk(Position::empty(), &mut counts, &mut seen);
    counts
}

fn walk(position: Position, counts: &mut TreeCounts, seen: &mut Seen) {
    counts.nodes += 1;
    if seen.insert(position) {
        counts.positions += 1;
    }
    if position.outcome().is_some() {
        counts.games += 1;
        return;
    }
    for cell in position.legal_moves() {
        if let Ok(next) = position.play(cell) {
            walk(next, counts, seen);
        }
    }
}

/// Every position a game can reach from the empty board, the empty board and finished games included: 5,478 of
/// them, ordered by the number of stones and then by X's and O's bits.
///
/// The 4,520 with [`outcome`](Position::outcome) `None` are still in play and have a
/// [`side_to_move`](Position::side_to_move) that can be asked for a move; the other 958 are finished (942 won,
/// 16 drawn) and their "side to move" is only the side that would have moved next.
pub fn legal_positions() -> Vec<Position> {
    let mut seen = Seen::new();
    let mut positions = Vec::new();
    collect(Position::empty(), &mut seen, &mut positions);
    positions.sort_by_key(|p| (p.ply(), p.x().bits(), p.o().bits()));
    positions
}

fn collect(position: Position, seen: &mut Seen, positions: &mut Vec<Position>) {
    // A position reached again has the same subtree, so it is walked once.
    if !seen.insert(position) {
        return;
    }
    positions.push(position);
    for cell in position.legal_moves() {
        if let Ok(next) = position.play(cell) {
            collect(next, seen, positions);
        }
    }
}

/// A set of positions, one flag per board in base 3.
struct Seen(Vec<bool>);

impl Seen {
    fn new() -> Seen {
        Seen(vec![false; 19_683])
    }

    /// Adds `position`; true if it was not there before.
    fn insert(&mut self, position: Position) -> bool {
        match self.0.get_mut(position.ternary_index()) {
            Some(flag) => !std::mem::replace(flag, true),
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tictactoe::position::Outcome;

    #[test]
    fn the_three_known_counts() {
        assert_eq!(
            count_tree(),
            TreeCounts {
                nodes: 549_946,
                games: 255_168,
                positions: 5_478,
            }
        );
    }

    #[test]
    fn legal_positions_are_exactly_the_boards_is_legal_accepts() {
        let reachable = legal_positions();
        assert_eq!(reachable.len(), 5_478);
        assert!(reachable.iter().all(|p| p.is_legal()));
        let by_rule = (0..19_683)
            .map(Position::from_ternary_index)
            .filter(|p| p.is_legal())
            .count();
        assert_eq!(by_rule, 5_478);
        // Sorted and distinct.
        assert!(
            reachable.windows(2).all(
                |w| (w[0].ply(), w[0].x().bits(), w[0].o().bits()) < (w[1].ply(), w[1].x().bits(), w[1].o().bits())
            )
        );
        assert_eq!(reachable.first(), Some(&Position::empty()));
    }

    #[test]
    fn in_play_and_finished_positions() {
        let mut counts = [0; 3];
        for p in legal_positions() {
            match p.outcome() {
                None => counts[0] += 1,
                Some(Outcome::Win(_)) => counts[1] += 1,
                Some(Outcome::Draw) => counts[2] += 1,
            }
        }
        assert_eq!(counts, [4_520, 942, 16]);
    }
}
