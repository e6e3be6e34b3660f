use alloy_primitives::Address;
use marubatsu_chain::{
    bindings::IBoardHarness,
    evm::{Chain, TxError},
};
use marubatsu_engine::tictactoe::Bitboard;
use serde::Serialize;

/// Board's win check in the EVM compared with the engine's, for every mask of one side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardReport {
    /// Masks checked: all 512 subsets of the nine cells.
    pub masks_checked: u32,
    /// How many of them contain a winning line (by both implementations, when they agree).
    pub winning_masks: u32,
    /// Masks where the contract and the engine disagree (empty when the check passes).
    pub mismatches: Vec<u16>,
}

impl BoardReport {
    /// True when the contract agreed with the engine on every mask.
    pub fn passed(&self) -> bool {
        self.mismatches.is_empty() && self.masks_checked == 512
    }
}

/// Calls `isWin` of the deployed `BoardHarness` at `harness` for all 512 masks and compares each answer with
/// [`Bitboard::has_line`].
pub fn check_board_win_masks(chain: &mut Chain, harness: Address) -> Result<BoardReport, TxError> {
    let mut report = BoardReport {
        masks_checked: 0,
        winning_masks: 0,
        mismatches: Vec::new(),
    };
    for mask in 0..=Bitboard::FULL.bits() {
        let in_evm = chain.view(harness, &IBoardHarness::isWinCall { mask })?;
        let in_engine = Bitboard::from_bits(mask).is_some_and(|board| board.has_line());
        report.masks_checked += 1;
        if in_evm != in_engine {
            report.mismatches.push(mask);
        } else if in_evm {
            report.winning_masks += 1;
        }
    }
    Ok(report)
}
