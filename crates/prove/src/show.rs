//! Boards and moves in words, for the report: a failing position is drawn, not given as bitmasks.
/// A board as three rows of `X`, `O` and `.`, e.g. `X.O .X. ...`, given the side to move's cells and the
/// other side's; `mover_is_x` says which mark the side to move has.
pub(crate) fn board_rows(mine: u16, theirs: u16, mover_is_x: bool) -> String {
    let (me, them) = if mover_is_x { ('X', 'O') } else { ('O', 'X') };
    let mut out = String::new();
    for cell in 0..9 {
        if cell > 0 && cell % 3 == 0 {
            out.push(' ');
        }
        let bit = 1u16 << cell;
        out.push(if mine & bit != 0 {
            me
        } else if theirs & bit != 0 {
            them
        } else {
            '.'
        });
    }
    out
}

/// Which mark is to move on a legal board where `mine` is to move: X if both have as many marks.
pub(crate) fn mover_is_x(mine: u16, theirs: u16) -> bool {
    mine.count_ones() == theirs.count_ones()
}

/// Cells as a list in words: `0, 4 and 8`, or `none`.
pub fn cell_list(cells: impl IntoIterator<Item = u8>) -> String {
    let cells: Vec<String> = cells.into_iter().map(|c| c.to_string()).collect();
    match cells.as_slice() {
        [] => "none".to_owned(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The cells of a mask in ascending order.
pub(crate) fn cells_of(mask: u16) -> impl Iterator<Item = u8> {
    (0..9u8).filter(move |&c| mask & (1 << c) != 0)
}

/// A line of play as the cells taken in turn: `X 0, O 4, X 8, O 2`.
pub fn moves_in_turn(moves: &[u8]) -> String {
    moves
        .iter()
        .enumerate()
        .map(|(i, cell)| format!("{} {cell}", if i % 2 == 0 { 'X' } else { 'O' }))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_and_cells_read_as_words() {
        // O to move (X has one mark more): O on 5, X on 2 and 3.
        let (mine, theirs) = (1 << 5, (1 << 2) | (1 << 3));
        assert!(!mover_is_x(mine, theirs));
        assert_eq!(board_rows(mine, theirs, false), "..X X.O ...");
        assert_eq!(cell_list(cells_of(0b1_0000_0001)), "0 and 8");
        assert_eq!(cell_list([4, 0, 6]), "4, 0 and 6");
        assert_eq!(cell_list([]), "none");
        assert_eq!(moves_in_turn(&[0, 4, 8]), "X 0, O 4, X 8");
    }
}
