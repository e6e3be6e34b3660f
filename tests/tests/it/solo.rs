//! SoloTicTacToe's behaviour call by call: events, every rejected call's exact custom error, no ether, and
//! agreement with the engine's off-chain solo game.

use alloy_primitives::{Address, U256};
use marubatsu_chain::{
    bindings::ISoloTicTacToe::{self, Difficulty, Result as GameResult},
    evm::Chain,
};
use marubatsu_engine::rules::Rules;
use marubatsu_engine::tictactoe::{self as engine, Seed, SoloEvent, SoloResult, SoloState};
use marubatsu_tests::chain_with;

struct Solo {
    chain: Chain,
    solo: Address,
    player: Address,
    stranger: Address,
}

fn solo() -> Solo {
    let (chain, solo) = chain_with("SoloTicTacToe");
    let (player, stranger) = (chain.accounts()[1], chain.accounts()[2]);
    Solo {
        chain,
        solo,
        player,
        stranger,
    }
}

impl Solo {
    fn new_game(&mut self, difficulty: Difficulty, cpu_first: bool) -> U256 {
        let call = ISoloTicTacToe::newGameCall {
            difficulty: difficulty.into(),
            cpuFirst: cpu_first,
        };
        self.chain.send(self.player, self.solo, &call).unwrap().value
    }

    fn play(
        &mut self,
        from: Address,
        game_id: U256,
        cell: u8,
    ) -> Result<ISoloTicTacToe::Moved, marubatsu_chain::evm::TxError> {
        let receipt = self
            .chain
            .send(from, self.solo, &ISoloTicTacToe::playCall { gameId: game_id, cell })?;
        Ok(receipt.events::<ISoloTicTacToe::Moved>().remove(0).1)
    }

    fn game(&mut self, game_id: U256) -> ISoloTicTacToe::getGameReturn {
        self.chain
            .view(self.solo, &ISoloTicTacToe::getGameCall { gameId: game_id })
            .unwrap()
    }
}

fn revert_of<E: alloy_sol_types::SolError>(result: Result<impl std::fmt::Debug, marubatsu_chain::evm::TxError>) -> E {
    let err = result.expect_err("the call should have reverted");
    let revert = err.revert().unwrap_or_else(|| panic!("expected a revert, got {err}"));
    revert
        .as_error::<E>()
        .unwrap_or_else(|| panic!("expected {}, got {revert}", E::SIGNATURE))
}

#[test]
fn game_ids_start_at_one_and_the_start_is_announced() {
    let mut s = solo();
    let receipt = s
        .chain
        .send(
            s.player,
            s.solo,
            &ISoloTicTacToe::newGameCall {
                difficulty: Difficulty::Hard.into(),
                cpuFirst: true,
            },
        )
        .unwrap();
    assert_eq!(receipt.value, U256::from(1));
    let started = receipt.events::<ISoloTicTacToe::GameStarted>();
    assert_eq!(started.len(), 1);
    let event = &started[0].1;
    assert_eq!(
        (event.gameId, event.player, event.difficulty),
        (U256::from(1), s.player, Difficulty::Hard)
    );
    // Hard opens in the centre, the first cell of the preferred order.
    assert_eq!(event.cpuCell, 4);
    assert_eq!(s.game(U256::from(1)).cpuBoard, 1 << 4);
    assert_eq!(s.new_game(Difficulty::Easy, false), U256::from(2));
    let next = s.chain.view(s.solo, &ISoloTicTacToe::nextGameIdCall {}).unwrap();
    assert_eq!(next, U256::from(3));
}

#[test]
fn a_game_against_normal_matches_the_engine_move_for_move_and_ends_with_an_event() {
    let mut s = solo();
    let id = s.new_game(Difficulty::Normal, false);
    let mut offchain = engine::Solo::transition(
        SoloState::default(),
        &SoloEvent::Start {
            difficulty: engine::Difficulty::Normal,
            cpu_first: false,
            seed: Seed::ZERO,
        },
    )
    .expect("a new game starts");
    let mut last = None;
    for cell in [0u8, 8, 6, 3, 7, 1, 2, 5] {
        let game = s.game(id);
        if game.result != GameResult::InProgress {
            break;
        }
        if (game.playerBoard | game.cpuBoard) & (1 << cell) != 0 {
            continue;
        }
        let receipt = s
            .chain
            .send(s.player, s.solo, &ISoloTicTacToe::playCall { gameId: id, cell })
            .unwrap();
        offchain = engine::Solo::transition(offchain, &SoloEvent::Play { cell, seed: Seed::ZERO })
            .unwrap_or_else(|(back, _)| back);
        let onchain = s.game(id);
        assert_eq!(
            onchain.playerBoard,
            offchain.position().board(offchain.human_side()).bits()
        );
        assert_eq!(
            onchain.cpuBoard,
            offchain.position().board(offchain.human_side().other()).bits()
        );
        last = Some(receipt);
    }
    let receipt = last.unwrap();
    assert_eq!(s.game(id).result, GameResult::PlayerWon);
    assert_eq!(offchain.result(), SoloResult::PlayerWon);
    let ended = receipt.events::<ISoloTicTacToe::GameEnded>();
    assert_eq!(ended.len(), 1);
    assert_eq!((ended[0].1.gameId, ended[0].1.result), (id, GameResult::PlayerWon));
}

#[test]
fn every_rejected_play_reverts_with_its_custom_error() {
    let mut s = solo();
    let id = s.new_game(Difficulty::Hard, true); // the CPU holds the centre

    let e: ISoloTicTacToe::CellOutOfRange = revert_of(s.play(s.player, id, 9));
    assert_eq!(e.cell, 9);
    let e: ISoloTicTacToe::CellTaken = revert_of(s.play(s.player, id, 4));
    assert_eq!((e.gameId, e.cell), (id, 4));
    let stranger = s.stranger;
    let e: ISoloTicTacToe::NotYourGame = revert_of(s.play(stranger, id, 0));
    assert_eq!((e.gameId, e.player, e.caller), (id, s.player, stranger));
    let e: ISoloTicTacToe::UnknownGame = revert_of(s.play(s.player, U256::from(99), 0));
    assert_eq!(e.gameId, U256::from(99));
    let e: ISoloTicTacToe::UnknownGame = revert_of(s.play(s.player, U256::ZERO, 0));
    assert_eq!(e.gameId, U256::ZERO);
    // A rejected call changes nothing.
    assert_eq!(s.game(id).playerBoard, 0);

    // Lose quickly against Hard, then try to move again.
    let mut moves = 0;
    while s.game(id).result == GameResult::InProgress {
        let game = s.game(id);
        let free = (0..9u8)
            .find(|c| (game.playerBoard | game.cpuBoard) & (1 << c) == 0)
            .unwrap();
        s.play(s.player, id, free).unwrap();
        moves += 1;
    }
    assert!(moves <= 4);
    let result = s.game(id).result;
    let e: ISoloTicTacToe::GameOver = revert_of(s.play(s.player, id, 0));
    assert_eq!((e.gameId, e.result), (id, result));
}

#[test]
fn preview_rejects_impossible_boards_with_custom_errors() {
    let mut s = solo();
    let preview = |mine: u16, theirs: u16| ISoloTicTacToe::previewCpuMoveCall {
        mine,
        theirs,
        difficulty: Difficulty::Hard.into(),
        seed: U256::ZERO,
    };
    let e: ISoloTicTacToe::BoardOutOfRange = revert_of(s.chain.view(s.solo, &preview(0x200, 0)));
    assert_eq!((e.mine, e.theirs), (0x200, 0));
    let e: ISoloTicTacToe::BoardsOverlap = revert_of(s.chain.view(s.solo, &preview(0b11, 0b10)));
    assert_eq!((e.mine, e.theirs), (0b11, 0b10));
    let e: ISoloTicTacToe::BoardFull = revert_of(s.chain.view(s.solo, &preview(0b1_0101_0101, 0b0_1010_1010)));
    assert_eq!((e.mine, e.theirs), (0b1_0101_0101, 0b0_1010_1010));
    assert_eq!(s.chain.view(s.solo, &preview(0, 0)).unwrap(), 4);
}

#[test]
fn an_out_of_range_difficulty_is_a_custom_error_in_new_game_and_preview() {
    let mut s = solo();
    for difficulty in [3u8, 200, u8::MAX] {
        let call = ISoloTicTacToe::newGameCall {
            difficulty,
            cpuFirst: true,
        };
        let e: ISoloTicTacToe::InvalidDifficulty = revert_of(s.chain.send(s.player, s.solo, &call));
        assert_eq!(e.difficulty, difficulty);
        let call = ISoloTicTacToe::previewCpuMoveCall {
            mine: 0,
            theirs: 0,
            difficulty,
            seed: U256::ZERO,
        };
        let e: ISoloTicTacToe::InvalidDifficulty = revert_of(s.chain.view(s.solo, &call));
        assert_eq!(e.difficulty, difficulty);
    }
    // Nothing was created by the rejected calls.
    let next = s.chain.view(s.solo, &ISoloTicTacToe::nextGameIdCall {}).unwrap();
    assert_eq!(next, U256::from(1));
}

#[test]
fn the_solo_contract_accepts_no_ether() {
    let mut s = solo();
    let before = s.chain.balance(s.player);
    let err = s.chain.transfer(s.player, s.solo, U256::from(1)).unwrap_err();
    assert!(err.revert().is_some(), "{err}");
    let call = ISoloTicTacToe::newGameCall {
        difficulty: Difficulty::Easy.into(),
        cpuFirst: false,
    };
    assert!(s.chain.send_value(s.player, s.solo, U256::from(1), &call).is_err());
    assert_eq!(s.chain.balance(s.solo), U256::ZERO);
    assert_eq!(s.chain.balance(s.player), before);
}
