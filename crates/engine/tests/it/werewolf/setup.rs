//! A hand-made position is checked as a whole before the rules take it over: each way a setup can describe no
//! game is named.

use marubatsu_engine::rules::{Refusal, Rules};
use marubatsu_engine::werewolf::{
    ChitKind, Hand, Phase, Role, Table, Werewolf, WerewolfSetup, WerewolfSetupError, WerewolfState,
};

use super::support::seat;

fn refused(setup: WerewolfSetup) -> WerewolfSetupError {
    match Werewolf::setup(&setup) {
        Ok(game) => panic!("{setup:?} was set up: {:?}", game.pending()),
        Err(error) => error,
    }
}

#[test]
fn the_setup_of_the_deal_is_the_new_game_without_its_log() {
    let set_up = Werewolf::setup(&WerewolfSetup::new(Table::DEFAULT)).expect("the deal");
    let dealt = WerewolfState::new(Table::DEFAULT);
    assert_eq!(set_up.pending(), dealt.pending());
    assert_eq!(set_up.without_log(), dealt.without_log());
}

#[test]
fn every_way_a_setup_describes_no_game_is_named() {
    let table = Table::DEFAULT;
    let deal = || WerewolfSetup::new(table);
    let one_too_many = {
        let mut hands = vec![Hand::new(2, 1, 5); 8];
        hands[0] = Hand::new(3, 1, 4);
        hands
    };
    let cases = [
        (deal().hands(vec![Hand::new(2, 1, 5); 7]), "hand_count"),
        (
            deal().hands({
                let mut hands = vec![Hand::new(2, 1, 5); 8];
                hands[2] = Hand::new(2, 1, 4);
                hands
            }),
            "hand_size",
        ),
        (deal().hands(one_too_many), "role_total"),
        (deal().hands(vec![Hand::new(255, 255, 255); 8]), "hand_size"),
        (deal().dead(seat(8)), "no_such_seat"),
        (
            deal()
                .no_chits(seat(0), ChitKind::Black)
                .chit(seat(0), seat(1), ChitKind::Black),
            "no_chit_left",
        ),
        (deal().round(0), "round_zero"),
        (deal().awaiting_draw(seat(1)).awaiting_draw(seat(1)), "twice"),
        // Said many times over, these once overflowed the engine's queues.
        (
            (0..60).fold(deal(), |setup, _| setup.owes(seat(0), Role::Werewolf)),
            "twice",
        ),
        (
            (0..20).fold(deal(), |setup, i| setup.awaiting_draw(seat(i % 8))),
            "twice",
        ),
        (deal().turn(Phase::Vote, seat(0), 0), "no_such_turn"),
        (deal().turn(Phase::Seer, seat(0), 8), "no_such_turn"),
    ];
    for (setup, code) in cases {
        let error = refused(setup);
        assert_eq!(error.code(), code, "{error}");
        assert!(!error.to_string().is_empty());
    }
    // A transfer owed of a role the player holds no card of.
    let mut hands = vec![Hand::new(2, 1, 5); 8];
    hands[0] = Hand::new(0, 3, 5);
    hands[1] = Hand::new(4, 0, 4);
    hands[2] = Hand::new(2, 0, 6);
    let error = refused(deal().hands(hands).owes(seat(0), Role::Werewolf));
    assert_eq!(
        error,
        WerewolfSetupError::OwesUnheld {
            player: seat(0),
            role: Role::Werewolf
        }
    );
}

#[test]
fn a_line_that_is_no_notation_names_the_word_it_could_not_read() {
    for (line, found) in [
        ("2.1 2.1.5", "2.1"),
        ("deal; dead x", "x"),
        ("deal; owes 1Q", "1Q"),
        ("deal; chit 0-1b", "0-1b"),
        ("deal; spent 0z", "0z"),
        ("deal; round two", "two"),
        ("deal; turn vote 0+1", "vote"),
        ("deal; turn seer 0", "0"),
        ("deal; shuffle", "shuffle"),
    ] {
        let error = WerewolfSetup::parse(Table::DEFAULT, line).expect_err(line);
        assert_eq!(error.found, found, "{line}: {error}");
    }
    // Every clause, read and written back the same.
    let line = "deal; dead 3; draw 4; owes 4W; chit 0>1b 2>1a; spent 5w; round 2; turn attack 0+1";
    let setup = WerewolfSetup::parse(Table::DEFAULT, line).expect("every clause");
    assert_eq!(setup.to_string(), line);
}
