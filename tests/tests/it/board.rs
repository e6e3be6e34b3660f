//! Board, the bitmask library, checked in the EVM against the engine's bitboard.

use marubatsu_chain::bindings::IBoardHarness;
use marubatsu_engine::tictactoe::Bitboard;
use marubatsu_tests::{chain_with, contracts};

#[test]
fn is_win_agrees_with_the_engine_on_all_512_masks() {
    let (mut chain, harness) = chain_with("BoardHarness");
    let report = marubatsu_prove::check_board_win_masks(&mut chain, harness).unwrap();
    assert_eq!(report.masks_checked, 512);
    assert_eq!(report.mismatches, Vec::<u16>::new());
    // Cross-check the count itself, so a check that compared nothing could not pass.
    let engine_wins = (0..512u16)
        .filter(|&m| Bitboard::from_bits(m).is_some_and(|b| b.has_line()))
        .count();
    assert_eq!(report.winning_masks as usize, engine_wins);
    assert!(engine_wins > 0 && engine_wins < 512);
}

#[test]
fn the_contracts_were_compiled_by_the_pinned_solc() {
    let version = contracts().solc_version();
    assert!(
        version.starts_with(marubatsu_chain::compiler::PINNED_SOLC_VERSION),
        "{version}"
    );
}

#[test]
fn a_cell_out_of_range_reverts_with_its_custom_error_decoded_by_name() {
    let (mut chain, harness) = chain_with("BoardHarness");
    let err = chain.view(harness, &IBoardHarness::bitCall { cell: 9 }).unwrap_err();
    let revert = err.revert().expect("a revert, not a halt or an invalid transaction");
    assert_eq!(revert.name(), Some("CellOutOfRange"));
    assert_eq!(
        revert.as_error::<IBoardHarness::CellOutOfRange>(),
        Some(IBoardHarness::CellOutOfRange { cell: 9 })
    );
    assert_eq!(err.to_string(), "reverted with CellOutOfRange { cell: 9 }");
}

#[test]
fn bit_of_every_cell_is_its_single_cell_mask() {
    let (mut chain, harness) = chain_with("BoardHarness");
    for cell in 0..9u8 {
        assert_eq!(
            chain.view(harness, &IBoardHarness::bitCall { cell }).unwrap(),
            1u16 << cell
        );
    }
}
