//! Scenario tests written from the spec, one or more per rule R4–R11, on hand-made positions at the default
//! table (8 players; 16 W, 8 S and 40 V cards in all), each written in the engine's one-line notation
//! (`WerewolfSetup::parse`): hands `W.S.V` per seat, then the dead, debts, chits and the step.

use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{
    Ballot, BallotError, ChitKind, DeathCause, End, HandOver, Happening, LossCause, NoExchange, Outcome, Paradox,
    PassReason, Pending, Phase, Role, TransferError, Verdict, Werewolf, WerewolfEvent, WerewolfRefusal, WerewolfState,
    legal_events,
};

use super::support::{
    check_invariants, exchanged, fixed, happenings, logged, lost_line, owed, play, position, refuse, removed, seat,
    seats,
};

const W: Role = Role::Werewolf;
const S: Role = Role::Seer;
const V: Role = Role::Villager;

pub(super) fn mark(seer: u8, target: u8, verdict: Verdict, give: Option<Role>) -> WerewolfEvent {
    WerewolfEvent::Verdict {
        seer: seat(seer),
        target: seat(target),
        verdict,
        give,
    }
}

pub(super) fn attack(wolf: u8, target: u8, give: Option<Role>) -> WerewolfEvent {
    WerewolfEvent::Attack {
        wolf: seat(wolf),
        target: seat(target),
        give,
    }
}

/// A vote: `(voter, target)` per ballot, in the order given.
fn vote(ballots: &[(u8, u8)]) -> WerewolfEvent {
    WerewolfEvent::Vote {
        ballots: ballots
            .iter()
            .map(|&(voter, target)| Ballot {
                voter: seat(voter),
                target: seat(target),
            })
            .collect(),
    }
}

pub(super) fn transfer(from: u8, role: Role, handovers: &[(u8, Role, u8)]) -> WerewolfEvent {
    WerewolfEvent::Transfer {
        from: seat(from),
        role,
        handovers: handovers
            .iter()
            .map(|&(to, take, cards)| HandOver {
                to: seat(to),
                take,
                cards,
            })
            .collect(),
    }
}

pub(super) fn hand(game: &WerewolfState, player: u8) -> String {
    game.hand(seat(player)).to_string()
}

fn error(game: &WerewolfState, event: WerewolfEvent) -> WerewolfRefusal {
    refuse(game, event.clone());
    match Werewolf::step(&mut game.clone(), &event) {
        Err(error) => error,
        Ok(()) => unreachable!("refused above"),
    }
}

pub(super) fn lost(game: &WerewolfState, player: u8, role: Role, cause: LossCause) -> bool {
    logged(
        game,
        Happening::Lost {
            player: seat(player),
            role,
            cause,
        },
    )
}

// ---------------------------------------------------------------------------------------------------------
// R4 seer phase
// ---------------------------------------------------------------------------------------------------------

#[test]
fn r4_most_seer_cards_start_and_turns_go_clockwise_once_skipping_who_holds_none() {
    let mut game = position("2.1.5 2.0.6 2.1.5 2.3.3 2.0.6 2.1.5 2.1.5 2.1.5");
    assert!(logged(
        &game,
        Happening::StartPlayer {
            phase: Phase::Seer,
            seat: seat(3),
            tied: seats(&[3]),
        }
    ));
    assert_eq!(game.pending(), Some(Pending::Verdict { seer: seat(3) }));
    // Seat 3 takes seat 5's only seer card: seat 5 loses the possibility before its turn and is skipped, like
    // seat 4, who never held one.
    play(&mut game, mark(3, 5, Verdict::White, Some(V)));
    assert!(lost(&game, 5, S, LossCause::NoCardsLeft));
    assert_eq!(game.pending(), Some(Pending::Verdict { seer: seat(6) }));
    play(&mut game, mark(6, 7, Verdict::Black, Some(W)));
    assert_eq!(hand(&game, 6), "1W 2S 5V");
    assert_eq!(hand(&game, 7), "3W 0S 5V");
    // 7 now holds none; 0 acts; 1 never held one; 2 acts; then the table has gone round once.
    assert_eq!(game.pending(), Some(Pending::Verdict { seer: seat(0) }));
    play(&mut game, mark(0, 1, Verdict::Black, None));
    assert_eq!(game.pending(), Some(Pending::Verdict { seer: seat(2) }));
    play(&mut game, mark(2, 4, Verdict::White, None));
    // Seat 3 does not act twice: the attack phase starts with the most werewolf cards (seat 7, three).
    assert_eq!(game.phase(), Phase::Attack);
    assert_eq!(game.pending(), Some(Pending::Attack { wolf: seat(7) }));
    check_invariants(&game);
}

#[test]
fn r4_a_tie_for_start_player_is_broken_by_an_event_naming_one_of_the_tied() {
    let mut game = position("2.2.4 2.1.5 2.1.5 2.1.5 2.2.4 2.1.5 2.0.6 2.0.6");
    let tied = seats(&[0, 4]);
    assert_eq!(
        game.pending(),
        Some(Pending::StartPlayer {
            phase: Phase::Seer,
            tied
        })
    );
    assert_eq!(
        error(&game, WerewolfEvent::StartPlayer { seat: seat(1) }),
        WerewolfRefusal::NotTied { seat: seat(1), tied }
    );
    assert!(matches!(
        error(&game, mark(0, 1, Verdict::Black, Some(V))),
        WerewolfRefusal::NotPending { .. }
    ));
    play(&mut game, WerewolfEvent::StartPlayer { seat: seat(4) });
    assert_eq!(game.pending(), Some(Pending::Verdict { seer: seat(4) }));
    assert!(logged(
        &game,
        Happening::StartPlayer {
            phase: Phase::Seer,
            seat: seat(4),
            tied
        }
    ));
}

#[test]
fn r4_targets_are_other_living_players_neither_fixed_nor_cleared_of_werewolf() {
    // seat 1: lost W
    // seat 2: fixed villager
    // seat 3: dead werewolf
    let game = position("2.3.3 0.1.7 0.0.8 8.0.0 2.1.5 2.1.5 1.1.6 1.1.6; dead 3");
    assert_eq!(game.pending(), Some(Pending::Verdict { seer: seat(0) }));
    assert_eq!(game.verdict_targets(seat(0)), seats(&[4, 5, 6, 7]));
    for target in [0, 1, 2, 3, 9] {
        assert_eq!(
            error(&game, mark(0, target, Verdict::Black, None)),
            WerewolfRefusal::IllegalTarget { target: seat(target) }
        );
    }
    let targets: Vec<_> = legal_events(&game)
        .iter()
        .map(|e| match e {
            WerewolfEvent::Verdict { target, .. } => target.number(),
            other => panic!("{other:?}"),
        })
        .collect();
    // Four targets × two colours × two cards to give (W or V).
    assert_eq!(targets.len(), 16);
    assert!(targets.iter().all(|t| [4, 5, 6, 7].contains(t)));
}

#[test]
fn r4_the_exchange_is_mandatory_and_the_seer_chooses_the_card() {
    let mut game = WerewolfState::new(marubatsu_engine::werewolf::Table::DEFAULT);
    play(&mut game, WerewolfEvent::StartPlayer { seat: seat(0) });
    assert_eq!(
        game.exchange_options(Phase::Seer, seat(0), seat(1)),
        Ok([W, V].into_iter().collect())
    );
    assert_eq!(
        error(&game, mark(0, 1, Verdict::Black, None)),
        WerewolfRefusal::WrongExchange { give: None }
    );
    assert_eq!(
        error(&game, mark(0, 1, Verdict::Black, Some(S))),
        WerewolfRefusal::WrongExchange { give: Some(S) }
    );
    play(&mut game, mark(0, 1, Verdict::Black, Some(W)));
    assert_eq!(hand(&game, 0), "1W 2S 5V");
    assert_eq!(hand(&game, 1), "3W 0S 5V");
    assert_eq!(game.share(seat(1), W), 3.0 / 8.0);
    assert_eq!(game.chits().count(seat(0), seat(1), ChitKind::Black), 1);
    assert_eq!(game.chits_left(seat(0), ChitKind::Black), 1);
    // Seat 1 lost the seer possibility (the book's "marked in round 1, lost at once") and is skipped.
    assert!(game.lost(seat(1)).contains(S));
    assert_eq!(game.pending(), Some(Pending::Verdict { seer: seat(2) }));
    // No exchange with a target who holds no seer card: the event must say so.
    assert_eq!(
        game.exchange_options(Phase::Seer, seat(2), seat(1)),
        Err(NoExchange::TargetHasNone)
    );
    assert_eq!(
        error(&game, mark(2, 1, Verdict::White, Some(V))),
        WerewolfRefusal::WrongExchange { give: Some(V) }
    );
    play(&mut game, mark(2, 1, Verdict::White, None));
    assert!(logged(
        &game,
        Happening::NoExchange {
            actor: seat(2),
            target: seat(1),
            why: NoExchange::TargetHasNone
        }
    ));
    assert_eq!(hand(&game, 2), "2W 1S 5V");
}

#[test]
fn r4_no_exchange_when_the_seer_holds_nothing_the_target_also_holds() {
    let mut game = position("0.4.4 7.1.0 2.1.5 2.1.5 2.1.5 1.0.7 1.0.7 1.0.7");
    assert_eq!(game.pending(), Some(Pending::Verdict { seer: seat(0) }));
    assert_eq!(
        game.exchange_options(Phase::Seer, seat(0), seat(1)),
        Err(NoExchange::NothingToGive)
    );
    play(&mut game, mark(0, 1, Verdict::White, None));
    assert_eq!(hand(&game, 1), "7W 1S 0V");
}

#[test]
fn r4_an_actor_without_chits_or_without_targets_passes() {
    // Seat 0 has used every verdict chit; seat 1 has only black ones left.
    let mut game = position("deal; spent 0b 0w 1w");
    play(&mut game, WerewolfEvent::StartPlayer { seat: seat(0) });
    assert!(logged(
        &game,
        Happening::Passed {
            phase: Phase::Seer,
            seat: seat(0),
            reason: PassReason::NoChits
        }
    ));
    assert_eq!(game.pending(), Some(Pending::Verdict { seer: seat(1) }));
    assert_eq!(
        error(&game, mark(1, 2, Verdict::White, Some(V))),
        WerewolfRefusal::NoChitLeft {
            verdict: Verdict::White
        }
    );
    assert!(legal_events(&game).iter().all(|e| matches!(
        e,
        WerewolfEvent::Verdict {
            verdict: Verdict::Black,
            ..
        }
    )));

    // Nobody to mark: every other living player has lost W or is fixed.
    let game = position("0.2.6 0.2.6 0.1.7 0.1.7 0.2.6 8.0.0 0.0.8 8.0.0; dead 6 7");
    assert_eq!(
        game.pending(),
        Some(Pending::StartPlayer {
            phase: Phase::Seer,
            tied: seats(&[0, 1, 4])
        })
    );
    let mut game = game;
    play(&mut game, WerewolfEvent::StartPlayer { seat: seat(0) });
    for s in [0, 1, 2, 3, 4] {
        assert!(logged(
            &game,
            Happening::Passed {
                phase: Phase::Seer,
                seat: seat(s),
                reason: PassReason::NoTarget
            }
        ));
    }
    assert_eq!(game.pending(), Some(Pending::Attack { wolf: seat(5) }));
}

#[test]
fn r4_a_fixed_seers_chits_take_effect_at_once() {
    let hands = "0.8.0 4.0.4 2.0.6 2.0.6 2.0.6 2.0.6 2.0.6 2.0.6";
    // Black: the target is a fixed werewolf at once, and owes its villager cards.
    let mut game = position(hands);
    play(&mut game, mark(0, 1, Verdict::Black, None));
    assert!(logged(
        &game,
        Happening::NoExchange {
            actor: seat(0),
            target: seat(1),
            why: NoExchange::ActorFixed
        }
    ));
    assert!(lost(&game, 1, V, LossCause::BlackFromSeer { seer: seat(0) }));
    assert_eq!(game.fixed_as(seat(1)), Some(W));
    assert_eq!(
        game.pending(),
        Some(Pending::Transfer {
            from: seat(1),
            role: V,
            cards: 4
        })
    );
    // Its villager cards go to players holding villager cards, for werewolf cards.
    assert_eq!(game.transfer_capacity(seat(1), V), 12);

    // White: the target loses the werewolf possibility at once.
    let mut game = position(hands);
    play(&mut game, mark(0, 2, Verdict::White, None));
    assert!(lost(&game, 2, W, LossCause::WhiteFromSeer { seer: seat(0) }));
    assert_eq!(game.fixed_as(seat(2)), Some(V));
    assert_eq!(game.owed_transfers(), [(seat(2), W)]);
}

// ---------------------------------------------------------------------------------------------------------
// R5 attack phase
// ---------------------------------------------------------------------------------------------------------

#[test]
fn r5_most_werewolf_cards_start_and_an_attack_takes_a_werewolf_card() {
    let mut game = position("2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 4.1.3 0.1.7; begin attack");
    assert_eq!(game.pending(), Some(Pending::Attack { wolf: seat(6) }));
    assert_eq!(
        error(&game, attack(6, 0, Some(W))),
        WerewolfRefusal::WrongExchange { give: Some(W) }
    );
    assert_eq!(
        error(&game, attack(6, 0, None)),
        WerewolfRefusal::WrongExchange { give: None }
    );
    play(&mut game, attack(6, 0, Some(S)));
    assert_eq!(hand(&game, 6), "5W 0S 3V");
    assert_eq!(hand(&game, 0), "1W 2S 5V");
    assert!(lost(&game, 6, S, LossCause::NoCardsLeft));
    assert_eq!(game.chits().count(seat(6), seat(0), ChitKind::Attack), 1);
    // Seat 7 holds no werewolf card: seat 0 is next.
    assert_eq!(game.pending(), Some(Pending::Attack { wolf: seat(0) }));
}

#[test]
fn r5_attacks_spare_the_dead_and_fixed_werewolves_and_a_fixed_werewolfs_attack_clears_at_once() {
    let mut game = position("8.0.0 0.0.8 2.1.5 2.1.5 1.1.6 1.1.6 1.2.5 1.2.5; dead 1; begin attack");
    assert_eq!(game.pending(), Some(Pending::Attack { wolf: seat(0) }));
    assert_eq!(game.attack_targets(seat(0)), seats(&[2, 3, 4, 5, 6, 7]));
    for target in [0, 1] {
        assert_eq!(
            error(&game, attack(0, target, None)),
            WerewolfRefusal::IllegalTarget { target: seat(target) }
        );
    }
    play(&mut game, attack(0, 2, None));
    // A fixed werewolf's victim is not a werewolf (R6), from the moment the chit is down.
    assert!(lost(&game, 2, W, LossCause::AttackedByWerewolf { wolf: seat(0) }));
    assert_eq!(
        game.pending(),
        Some(Pending::Transfer {
            from: seat(2),
            role: W,
            cards: 2
        })
    );
    assert!(!game.attack_targets(seat(3)).contains(seat(0)));
}

#[test]
fn r5_two_attack_chits_of_fixed_werewolves_kill() {
    let mut game = position("8.0.0 2.1.5 2.1.5 0.1.7 1.1.6 1.1.6 1.2.5 1.1.6; chit 0>3a; begin attack");
    assert!(game.is_alive(seat(3)));
    play(&mut game, attack(0, 3, None));
    assert!(!game.is_alive(seat(3)));
    assert!(logged(
        &game,
        Happening::Died {
            player: seat(3),
            cause: DeathCause::Attacked { wolves: seats(&[0]) }
        }
    ));
    assert_eq!(
        game.pending(),
        Some(Pending::Draw {
            player: seat(3),
            cards: 8
        })
    );
}

#[test]
fn r5_attacks_kill_once_their_owner_becomes_a_fixed_werewolf() {
    let mut game = position("8.0.0 0.2.6 0.2.6 0.1.7 0.1.7 7.0.1 1.1.6 0.1.7; chit 0>3a 5>3a; turn attack 5+0");
    // Two chits lie in front of seat 3, but seat 5 may still be a villager: nobody dies yet.
    assert!(game.is_alive(seat(3)));
    // Seat 5 gives its last villager card for seat 6's last werewolf card: a fixed werewolf now.
    play(&mut game, attack(5, 6, Some(V)));
    assert_eq!(hand(&game, 5), "8W 0S 0V");
    assert_eq!(game.fixed_as(seat(5)), Some(W));
    assert!(logged(
        &game,
        Happening::Died {
            player: seat(3),
            cause: DeathCause::Attacked { wolves: seats(&[0, 5]) }
        }
    ));
    // Seat 6 has one chit of a fixed werewolf: alive, and cleared.
    assert!(game.is_alive(seat(6)));
    assert!(game.lost(seat(6)).contains(W));
    assert_eq!(
        game.pending(),
        Some(Pending::Draw {
            player: seat(3),
            cards: 8
        })
    );
}

#[test]
fn r5_an_attack_taking_the_last_werewolf_card_clears_the_target_and_its_black_markers() {
    let mut game =
        position("2.1.5 3.1.4 1.1.6 2.1.5 2.1.5 2.1.5 2.2.4 2.0.6; chit 2>4a 2>5w 6>2b 6>7w; turn attack 1+0");
    let from = game.log().len();
    play(&mut game, attack(1, 2, Some(V)));
    assert_eq!(
        happenings(&game, from),
        [
            Happening::Attacked {
                wolf: seat(1),
                target: seat(2)
            },
            exchanged(1, 2, V, W),
            lost_line(2, W, LossCause::NoCardsLeft),
            removed(2, ChitKind::Attack, 1),
            lost_line(6, S, LossCause::MarkedBlackNotWerewolf { suspect: seat(2) }),
            owed(6, S, 2),
            removed(6, ChitKind::Black, 1),
            removed(6, ChitKind::White, 1),
        ]
    );
    // Seat 2's white chit stays: seat 2 may still be the seer.
    assert_eq!(game.chits().count(seat(2), seat(5), ChitKind::White), 1);
    assert_eq!(
        game.pending(),
        Some(Pending::Transfer {
            from: seat(6),
            role: S,
            cards: 2
        })
    );
    play(&mut game, transfer(6, S, &[(0, W, 1), (2, V, 1)]));
    assert_eq!(hand(&game, 6), "3W 0S 5V");
    assert_eq!(hand(&game, 0), "1W 2S 5V");
    assert_eq!(hand(&game, 2), "0W 2S 6V");
    check_invariants(&game);
}

// ---------------------------------------------------------------------------------------------------------
// R6 consequences
// ---------------------------------------------------------------------------------------------------------

#[test]
fn r6_a_new_fixed_werewolf_clears_its_victims_and_costs_its_white_markers_the_seer() {
    let mut game =
        position("2.1.5 2.1.5 1.1.6 3.1.4 2.1.5 2.1.5 2.1.5 2.1.5; draw 3; chit 3>4a 3>5a 6>3w 7>3b; round 2");
    play(
        &mut game,
        WerewolfEvent::Draw {
            player: seat(3),
            index: 0,
        },
    );
    assert_eq!(game.fixed_as(seat(3)), Some(W));
    assert!(lost(&game, 6, S, LossCause::MarkedWhiteWerewolf { wolf: seat(3) }));
    assert!(lost(&game, 4, W, LossCause::AttackedByWerewolf { wolf: seat(3) }));
    assert!(lost(&game, 5, W, LossCause::AttackedByWerewolf { wolf: seat(3) }));
    // The black marker was right: nothing happens to seat 7.
    assert!(game.lost(seat(7)).is_empty());
    assert_eq!(game.chits().placed_by(seat(6), ChitKind::White), 0);
    // The draw's own losses first, then the step's in seat order.
    assert_eq!(
        game.owed_transfers(),
        [(seat(3), S), (seat(3), V), (seat(4), W), (seat(5), W), (seat(6), S)]
    );
}

#[test]
fn r6_a_new_fixed_seer_fixes_its_black_marks_as_werewolves_and_clears_its_white_marks() {
    let mut game = position("2.1.5 2.1.5 1.3.4 2.1.5 2.1.5 3.1.4 2.0.6 2.0.6; draw 2; chit 2>5b 2>6w 5>1a");
    // Card 1 of W S S S V V V V is a seer card.
    play(
        &mut game,
        WerewolfEvent::Draw {
            player: seat(2),
            index: 1,
        },
    );
    assert_eq!(game.fixed_as(seat(2)), Some(S));
    assert_eq!(game.fixed_as(seat(5)), Some(W));
    assert!(lost(&game, 5, V, LossCause::BlackFromSeer { seer: seat(2) }));
    assert_eq!(game.fixed_as(seat(6)), Some(V));
    assert!(lost(&game, 6, W, LossCause::WhiteFromSeer { seer: seat(2) }));
    // And the new werewolf's victim is cleared in turn.
    assert!(lost(&game, 1, W, LossCause::AttackedByWerewolf { wolf: seat(5) }));
    check_invariants(&game);
}

/// The cascade of the issue: a seer becomes fixed, which makes a black-marked player a fixed werewolf, whose
/// attacks clear others (removing their chits) and kill; the transfers then run in order, and the dead
/// villager needs no draw.
#[test]
fn r6_cascade_from_a_new_fixed_seer_through_a_fixed_werewolf_to_cleared_players_and_a_death() {
    let mut game = position("0.7.1 1.1.6 5.0.3 2.0.6 0.0.8 3.0.5 3.0.5 2.0.6; chit 0>2b 2>3a 2>4a 2>4a 3>5a 1>7a");
    assert_eq!(game.pending(), Some(Pending::Verdict { seer: seat(0) }));
    let from = game.log().len();
    // Seat 0 takes the last seer card that is not theirs, for their last villager card.
    play(&mut game, mark(0, 1, Verdict::White, Some(V)));
    assert_eq!(
        happenings(&game, from),
        [
            Happening::Marked {
                seer: seat(0),
                target: seat(1),
                verdict: Verdict::White
            },
            exchanged(0, 1, V, S),
            lost_line(0, V, LossCause::NoCardsLeft),
            fixed(0, S),
            lost_line(1, S, LossCause::NoCardsLeft),
            lost_line(1, W, LossCause::WhiteFromSeer { seer: seat(0) }),
            owed(1, W, 1),
            fixed(1, V),
            lost_line(2, V, LossCause::BlackFromSeer { seer: seat(0) }),
            owed(2, V, 3),
            fixed(2, W),
            removed(1, ChitKind::Attack, 1),
            lost_line(3, W, LossCause::AttackedByWerewolf { wolf: seat(2) }),
            owed(3, W, 2),
            fixed(3, V),
            Happening::Died {
                player: seat(4),
                cause: DeathCause::Attacked { wolves: seats(&[2]) }
            },
            removed(3, ChitKind::Attack, 1),
        ]
    );
    assert_eq!(game.chits().placed_by(seat(1), ChitKind::Attack), 0);
    assert_eq!(game.chits().placed_by(seat(3), ChitKind::Attack), 0);
    assert_eq!(game.chits().placed_by(seat(2), ChitKind::Attack), 3);
    assert_eq!(game.owed_transfers(), [(seat(1), W), (seat(2), V), (seat(3), W)]);
    assert_eq!(game.owed_draws(), [seat(4)]);

    // R7: any debtor may go first (Version 2); here they go in the order the debts arose. Seat 1's only
    // werewolf card can go to 5, 6 or 7 (2 is fixed, 3 cleared), for a villager card.
    let seat_1s = legal_events(&game)
        .iter()
        .filter(|e| matches!(e, WerewolfEvent::Transfer { from, .. } if *from == seat(1)))
        .count();
    assert_eq!(seat_1s, 3);
    assert_eq!(game.ready_transfers().len(), 3);
    play(&mut game, transfer(1, W, &[(5, V, 1)]));
    assert_eq!(hand(&game, 1), "0W 0S 8V");
    assert_eq!(hand(&game, 5), "4W 0S 4V");
    play(&mut game, transfer(2, V, &[(5, W, 2), (6, W, 1)]));
    assert_eq!(hand(&game, 2), "8W 0S 0V");
    play(&mut game, transfer(3, W, &[(6, V, 1), (7, V, 1)]));
    assert_eq!([5, 6, 7].map(|p| hand(&game, p)), ["2W 0S 6V", "3W 0S 5V", "3W 0S 5V"]);
    // Seat 4 held only villager cards: no draw. The seer phase is over (seat 0 was its only seer); the new
    // werewolf, with all eight werewolf cards, starts the attack phase but has no attack chit left.
    assert!(logged(
        &game,
        Happening::Drew {
            player: seat(4),
            role: V,
            index: None
        }
    ));
    assert!(logged(
        &game,
        Happening::StartPlayer {
            phase: Phase::Attack,
            seat: seat(2),
            tied: seats(&[2])
        }
    ));
    assert!(logged(
        &game,
        Happening::Passed {
            phase: Phase::Attack,
            seat: seat(2),
            reason: PassReason::NoChits
        }
    ));
    assert_eq!(game.pending(), Some(Pending::Attack { wolf: seat(5) }));
    check_invariants(&game);
}

// ---------------------------------------------------------------------------------------------------------
// R7 transfers
// ---------------------------------------------------------------------------------------------------------

#[test]
fn r7_a_transfer_hands_over_every_card_split_as_the_giver_chooses() {
    let mut game = position("2.1.5 3.1.4 2.1.5 2.1.5 2.1.5 1.1.6 2.1.5 2.1.5; owes 1W");
    assert_eq!(
        game.pending(),
        Some(Pending::Transfer {
            from: seat(1),
            role: W,
            cards: 3
        })
    );
    let bad = |reason| WerewolfRefusal::BadTransfer { reason };
    assert_eq!(
        error(&game, transfer(1, W, &[(0, W, 3)])),
        bad(TransferError::TakeBack { to: seat(0), take: W })
    );
    assert_eq!(
        error(&game, transfer(1, W, &[(1, V, 3)])),
        bad(TransferError::Recipient { to: seat(1) })
    );
    assert_eq!(
        error(&game, transfer(1, W, &[(9, V, 3)])),
        bad(TransferError::Recipient { to: seat(9) })
    );
    assert_eq!(
        error(&game, transfer(1, W, &[(2, V, 1), (0, V, 2)])),
        bad(TransferError::NotCanonical)
    );
    assert_eq!(
        error(&game, transfer(1, W, &[(0, V, 3), (2, V, 0)])),
        bad(TransferError::NotCanonical)
    );
    assert_eq!(
        error(&game, transfer(1, W, &[(0, V, 2)])),
        bad(TransferError::WrongTotal { owed: 3, given: 2 })
    );
    assert_eq!(
        error(&game, transfer(1, W, &[(0, S, 2), (2, V, 1)])),
        bad(TransferError::TakeBack { to: seat(0), take: S })
    );
    assert!(matches!(
        error(&game, transfer(1, V, &[(0, S, 1)])),
        WerewolfRefusal::NotPending { .. }
    ));
    // Two cards to seat 0 (one back of each role it holds), one to seat 3.
    let event = transfer(1, W, &[(0, S, 1), (0, V, 1), (3, V, 1)]);
    assert!(legal_events(&game).contains(&event));
    play(&mut game, event);
    assert_eq!(hand(&game, 1), "0W 2S 6V");
    assert_eq!(hand(&game, 0), "4W 0S 4V");
    assert_eq!(hand(&game, 3), "3W 1S 4V");
    // Seat 0 gave its only seer card back: it lost the possibility (R2).
    assert!(lost(&game, 0, S, LossCause::NoCardsLeft));
    check_invariants(&game);
}

#[test]
fn r7_a_transfer_with_no_legal_completion_is_a_paradox_won_by_the_players_not_fixed() {
    // Seat 1 (lost S and W) must place 3 werewolf cards and may take back only villager cards, but the one
    // other player holding werewolf cards, seat 2, holds no villager card.
    let game = position("8.0.0 3.0.5 5.3.0 0.1.7 0.1.7 0.1.7 0.1.7 0.1.7; dead 0; owes 1W");
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            end: End::Paradox(Paradox::NoTransfer {
                player: seat(1),
                role: W,
                cards: 3
            }),
            winners: seats(&[2, 3, 4, 5, 6, 7]),
        })
    );
    assert_eq!(game.pending(), None);
    assert!(legal_events(&game).is_empty());
}

// ---------------------------------------------------------------------------------------------------------
// R8 death
// ---------------------------------------------------------------------------------------------------------

#[test]
fn r8_the_dead_draw_a_card_by_index_and_are_fixed_as_its_role() {
    let mut game = position("deal; draw 3");
    assert_eq!(
        game.pending(),
        Some(Pending::Draw {
            player: seat(3),
            cards: 8
        })
    );
    assert_eq!(legal_events(&game).len(), 8);
    assert_eq!(
        error(
            &game,
            WerewolfEvent::Draw {
                player: seat(3),
                index: 8
            }
        ),
        WerewolfRefusal::DrawOutOfRange { index: 8, cards: 8 }
    );
    assert!(matches!(
        error(
            &game,
            WerewolfEvent::Draw {
                player: seat(4),
                index: 0
            }
        ),
        WerewolfRefusal::NotPending { .. }
    ));
    // W W S V V V V V: card 5 is a villager card.
    play(
        &mut game,
        WerewolfEvent::Draw {
            player: seat(3),
            index: 5,
        },
    );
    assert!(logged(
        &game,
        Happening::Drew {
            player: seat(3),
            role: V,
            index: Some(5)
        }
    ));
    assert_eq!(game.fixed_as(seat(3)), Some(V));
    assert!(lost(&game, 3, W, LossCause::Drew { role: V }));
    assert_eq!(game.owed_transfers(), [(seat(3), W), (seat(3), S)]);
    // The dead hand over their cards like anyone else, and receive none.
    assert_eq!(game.transfer_capacity(seat(3), W), 7 * 5);
    assert!(!game.may_receive(seat(4), seat(3), V));
}

#[test]
fn r8_draws_wait_for_owed_transfers_and_a_one_role_hand_needs_no_draw() {
    let mut game = position("2.1.5 2.1.5 2.1.5 0.0.8 3.1.4 2.1.5 2.1.5 3.2.3; draw 7 3; owes 4W");
    assert!(matches!(game.pending(), Some(Pending::Transfer { .. })));
    play(&mut game, transfer(4, W, &[(0, V, 3)]));
    assert_eq!(
        game.pending(),
        Some(Pending::Draw {
            player: seat(7),
            cards: 8
        })
    );
    play(
        &mut game,
        WerewolfEvent::Draw {
            player: seat(7),
            index: 7,
        },
    );
    // Seat 7's transfers come before seat 3's draw, which needs no event: seat 3 held only villager cards.
    assert_eq!(game.owed_draws(), [seat(3)]);
    while let Some(Pending::Transfer { from, role, cards }) = game.pending() {
        let event = legal_events(&game)
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("a transfer of {cards} {role} from {from}"));
        play(&mut game, event);
    }
    assert!(game.owed_draws().is_empty());
    assert!(logged(
        &game,
        Happening::Drew {
            player: seat(3),
            role: V,
            index: None
        }
    ));
}

// ---------------------------------------------------------------------------------------------------------
// R9 vote
// ---------------------------------------------------------------------------------------------------------

#[test]
fn r9_everyone_alive_votes_at_once_in_one_event_and_the_most_voted_dies() {
    let mut game = position("deal; begin vote");
    let everyone = seats(&[0, 1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(
        game.pending(),
        Some(Pending::Vote {
            voters: everyone,
            candidates: everyone,
            runoff: 0
        })
    );
    assert_eq!(game.pending().and_then(|p| p.player()), None);
    assert_eq!(game.vote_targets(seat(3)), everyone.without(seat(3)));
    // Each of the 8 points at one of the 7 others: 7^8 votes, numbered rather than listed.
    let legal = legal_events(&game);
    assert_eq!(legal.len(), 5_764_801);
    let ballots = [(0, 3), (1, 3), (2, 0), (3, 0), (4, 3), (5, 1), (6, 2), (7, 3)];
    assert!(legal.contains(&vote(&ballots)));
    let before = game.log().len();
    play(&mut game, vote(&ballots));
    assert!(logged(
        &game,
        Happening::Died {
            player: seat(3),
            cause: DeathCause::Voted { votes: 4 }
        }
    ));
    // The log shows every ballot in seat order, then the count, then the death.
    let log = happenings(&game, before);
    let ballot = |voter: u8, target: u8| Happening::Voted {
        voter: seat(voter),
        target: seat(target),
    };
    assert_eq!(log[0], ballot(0, 3));
    assert_eq!(log[7], ballot(7, 3));
    let Happening::Counted { tally } = log[8] else {
        panic!("the ballots are followed by {:?}, not the count", log[8]);
    };
    assert_eq!(
        tally.iter().collect::<Vec<_>>(),
        [(seat(3), 4), (seat(0), 2), (seat(1), 1), (seat(2), 1)]
    );
    assert_eq!(
        log[9],
        Happening::Died {
            player: seat(3),
            cause: DeathCause::Voted { votes: 4 }
        }
    );
    assert_eq!(
        game.pending(),
        Some(Pending::Draw {
            player: seat(3),
            cards: 8
        })
    );
    check_invariants(&game);
}

#[test]
fn r9_a_vote_must_have_every_alive_voter_once_in_seat_order_pointing_at_a_candidate() {
    let game = position("2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 4.1.3 0.1.7; begin vote");
    let good = [(0, 1), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0)];
    let with = |i: usize, ballot: (u8, u8)| {
        let mut ballots = good.to_vec();
        ballots[i] = ballot;
        vote(&ballots)
    };
    let bad = |event: WerewolfEvent| match error(&game, event) {
        WerewolfRefusal::BadVote { reason } => reason,
        other => panic!("{other:?}"),
    };
    assert_eq!(bad(with(2, (2, 2))), BallotError::OwnSeat { voter: seat(2) });
    assert_eq!(
        bad(with(2, (2, 9))),
        BallotError::NotACandidate {
            voter: seat(2),
            target: seat(9)
        }
    );
    assert_eq!(bad(with(2, (9, 0))), BallotError::NotAVoter { voter: seat(9) });
    assert_eq!(bad(with(2, (1, 0))), BallotError::Twice { voter: seat(1) });
    assert_eq!(bad(with(2, (4, 0))), BallotError::OutOfOrder { voter: seat(3) });
    assert_eq!(bad(vote(&good[..7])), BallotError::Missing { voter: seat(7) });
    assert_eq!(bad(vote(&[])), BallotError::Missing { voter: seat(0) });
    let mut reversed = good.to_vec();
    reversed.reverse();
    assert_eq!(bad(vote(&reversed)), BallotError::OutOfOrder { voter: seat(6) });
    assert_eq!(
        error(&game, vote(&good[..7])).to_string(),
        "illegal vote: seat 7 has not voted"
    );
    // Another kind of event answers nothing.
    assert!(matches!(
        error(&game, WerewolfEvent::StartPlayer { seat: seat(0) }),
        WerewolfRefusal::NotPending { .. }
    ));
    let mut game = game;
    play(&mut game, vote(&good));
    assert!(!game.is_alive(seat(0)));
}

#[test]
fn r9_the_dead_neither_vote_nor_are_pointed_at() {
    let game = position("2.1.5 2.1.5 1.2.5 8.0.0 1.2.5 1.2.5 1.0.7 0.0.8; dead 3 7; begin vote");
    let alive = seats(&[0, 1, 2, 4, 5, 6]);
    assert!(matches!(
        game.pending(),
        Some(Pending::Vote { voters, candidates, runoff: 0 }) if voters == alive && candidates == alive
    ));
    assert_eq!(game.vote_targets(seat(3)), seats(&[]));
    assert_eq!(legal_events(&game).len(), 5u64.pow(6));
    let good = [(0, 1), (1, 0), (2, 0), (4, 0), (5, 0), (6, 0)];
    let mut dead_voter = good.to_vec();
    dead_voter.insert(3, (3, 0));
    assert!(matches!(
        error(&game, vote(&dead_voter)),
        WerewolfRefusal::BadVote {
            reason: BallotError::NotAVoter { voter } } if voter == seat(3)
    ));
    let mut at_the_dead = good.to_vec();
    at_the_dead[1] = (1, 7);
    assert!(matches!(
        error(&game, vote(&at_the_dead)),
        WerewolfRefusal::BadVote {
            reason: BallotError::NotACandidate { target, .. } } if target == seat(7)
    ));
    let mut game = game;
    play(&mut game, vote(&good));
    assert!(!game.is_alive(seat(0)));
}

#[test]
fn r9_a_tie_is_voted_again_among_the_tied_only_until_one_has_the_most() {
    let mut game = position("deal; begin vote");
    play(
        &mut game,
        vote(&[(0, 1), (1, 0), (2, 0), (3, 1), (4, 5), (5, 4), (6, 7), (7, 6)]),
    );
    let tied = seats(&[0, 1]);
    assert!(logged(&game, Happening::RunOff { tied, votes: 2 }));
    let log = happenings(&game, game.log().len() - 2);
    let Happening::Counted { tally } = log[0] else {
        panic!("a run-off follows {:?}, not the count", log[0]);
    };
    assert_eq!(
        tally.iter().collect::<Vec<_>>(),
        [
            (seat(0), 2),
            (seat(1), 2),
            (seat(4), 1),
            (seat(5), 1),
            (seat(6), 1),
            (seat(7), 1)
        ]
    );
    assert_eq!(
        game.pending(),
        Some(Pending::Vote {
            voters: seats(&[0, 1, 2, 3, 4, 5, 6, 7]),
            candidates: tied,
            runoff: 1
        })
    );
    // Seats 0 and 1 can only point at each other; the other six choose between them: 2^6 votes.
    assert_eq!(game.vote_targets(seat(0)), seats(&[1]));
    assert_eq!(game.vote_targets(seat(5)), tied);
    let legal = legal_events(&game);
    assert_eq!(legal.len(), 64);
    assert!(legal.iter().all(|event| {
        let mut next = game.clone();
        Werewolf::step(&mut next, &event).is_ok()
    }));
    assert_eq!(
        error(
            &game,
            vote(&[(0, 1), (1, 0), (2, 0), (3, 0), (4, 5), (5, 1), (6, 1), (7, 0)])
        ),
        WerewolfRefusal::BadVote {
            reason: BallotError::NotACandidate {
                voter: seat(4),
                target: seat(5)
            }
        }
    );
    play(
        &mut game,
        vote(&[(0, 1), (1, 0), (2, 0), (3, 0), (4, 1), (5, 1), (6, 1), (7, 0)]),
    );
    assert!(logged(&game, Happening::RunOff { tied, votes: 4 }));
    assert!(matches!(game.pending(), Some(Pending::Vote { runoff: 2, .. })));
    play(
        &mut game,
        vote(&[(0, 1), (1, 0), (2, 1), (3, 0), (4, 1), (5, 1), (6, 1), (7, 0)]),
    );
    assert!(!game.is_alive(seat(1)));
    assert!(game.is_alive(seat(0)));
}

#[test]
fn r9_run_offs_have_no_limit_and_their_count_saturates() {
    // Three players alive who always point round in a circle: one vote each, a tie, forever.
    let mut game =
        position("4.0.4 4.0.4 0.0.8 0.0.8 0.0.8 0.0.8 0.8.0 8.0.0; dead 3 4 5 6 7; begin vote").without_log();
    for _ in 0..=u32::from(u16::MAX) + 5 {
        play(&mut game, vote(&[(0, 1), (1, 2), (2, 0)]));
    }
    assert_eq!(
        game.pending(),
        Some(Pending::Vote {
            voters: seats(&[0, 1, 2]),
            candidates: seats(&[0, 1, 2]),
            runoff: u16::MAX
        })
    );
    // Someone gives in, and the vote is decided.
    play(&mut game, vote(&[(0, 1), (1, 2), (2, 1)]));
    assert!(!game.is_alive(seat(1)));
}

#[test]
fn r9_a_vote_phase_with_fewer_than_three_alive_is_a_paradox() {
    let game = position("4.0.4 4.0.4 0.0.8 0.0.8 0.0.8 0.0.8 0.8.0 8.0.0; dead 2 3 4 5 6 7; begin vote");
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            end: End::Paradox(Paradox::UndecidableVote { alive: 2 }),
            winners: seats(&[0, 1]),
        })
    );
}

// ---------------------------------------------------------------------------------------------------------
// R10 end of the game
// ---------------------------------------------------------------------------------------------------------

/// R10.1 is checked first, but no game reaches it: the last deaths always come from a cascade that leaves a
/// transfer owed, and with nobody alive to receive it that is a paradox (R7) before R10 is looked at. The
/// check is exercised on a position set up by hand.
#[test]
fn r10_1_when_everyone_is_dead_the_fixed_werewolves_win() {
    let game = position("8.0.0 8.0.0 0.8.0 0.0.8 0.0.8 0.0.8 0.0.8 0.0.8; dead 0 1 2 3 4 5 6 7");
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            end: End::AllDead,
            winners: seats(&[0, 1])
        })
    );
}

#[test]
fn r10_2_when_every_living_player_has_lost_werewolf_everyone_who_lost_it_wins() {
    let mut game = position("8.0.0 8.0.0 0.0.8 0.0.8 0.0.8 0.0.8 0.8.0 0.0.8; dead 0 5 6 7; begin vote");
    assert!(game.outcome().is_none());
    play(&mut game, vote(&[(1, 2), (2, 1), (3, 1), (4, 1)]));
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            end: End::VillageWins,
            winners: seats(&[2, 3, 4, 5, 6, 7]),
        })
    );
    assert_eq!(
        game.log().last().map(|e| e.what),
        Some(Happening::Ended {
            outcome: Outcome {
                end: End::VillageWins,
                winners: seats(&[2, 3, 4, 5, 6, 7]),
            }
        })
    );
}

#[test]
fn r10_3_when_fixed_werewolves_are_at_least_half_of_the_living_they_win() {
    let mut game = position("8.0.0 7.0.1 1.0.7 0.0.8 0.8.0 0.0.8 0.0.8 0.0.8; dead 4 5 6 7; turn attack 1+0");
    // One fixed werewolf among four living: not yet.
    assert!(game.outcome().is_none());
    play(&mut game, attack(1, 2, Some(V)));
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            end: End::WerewolvesWin,
            winners: seats(&[0, 1]),
        })
    );
}

// R11 paradox: see `paradox_scenarios.rs` (Version 2).
