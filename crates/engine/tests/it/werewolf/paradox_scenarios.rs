//! Scenario tests for Version 2 of the paradox rules (`docs/rules/quantum-werewolf.md`): a contradiction ends
//! the game the step it appears, transfers go in any order, paradox winners include a player who lost every
//! role, debts shown are current — and the cascade order and legality rules that mutation testing found
//! unpinned. Positions are in the engine's one-line notation (hands `W.S.V` per seat), at the default table unless a
//! test says otherwise.

use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{
    AttackDeath, DeathDraw, End, Happening, LossCause, NoExchange, Outcome, Paradox, Pending, Phase, Role, RoleSet,
    Table, Verdict, Werewolf, WerewolfEvent, WerewolfRefusal, WerewolfState, legal_events,
};

use super::scenarios::{attack, hand, lost, mark, transfer};
use super::support::{
    check_invariants, fixed, happenings, lost_line, owed, play, position, position_at, refuse, rule_six_losses, seat,
    seats,
};

const W: Role = Role::Werewolf;
const S: Role = Role::Seer;
const V: Role = Role::Villager;

/// The debtors whose transfers `legal_events` lists.
fn listed_debtors(game: &WerewolfState) -> Vec<(u8, Role)> {
    let mut debtors: Vec<(u8, Role)> = legal_events(game)
        .iter()
        .filter_map(|event| match event {
            WerewolfEvent::Transfer { from, role, .. } => Some((from.number(), role)),
            _ => None,
        })
        .collect();
    debtors.dedup();
    debtors
}

// ---------------------------------------------------------------------------------------------------------
// Missed contradictions
// ---------------------------------------------------------------------------------------------------------

/// Seats 0 and 1 hold every seer card and both marked seat 5 black; a fixed werewolf's attack clears seat 5.
/// Nobody may be the seer any more. Version 1 went on to ask for seat 5's werewolf transfer first and only
/// then found the seer cards stuck; Version 2 ends the game at the attack, and every player not fixed wins.
#[test]
fn when_nobody_may_be_the_seer_the_game_ends_at_once_instead_of_asking_for_transfers() {
    let mut game = position("1.6.1 2.2.4 2.0.6 2.0.6 8.0.0 1.0.7 0.0.8 0.0.8; chit 0>5b 1>5b; turn attack 4+0");
    assert!(game.is_consistent());
    let from = game.log().len();
    play(&mut game, attack(4, 5, None));
    assert_eq!(
        happenings(&game, from),
        [
            Happening::Attacked {
                wolf: seat(4),
                target: seat(5)
            },
            Happening::NoExchange {
                actor: seat(4),
                target: seat(5),
                why: NoExchange::ActorFixed
            },
            lost_line(5, Role::Werewolf, LossCause::AttackedByWerewolf { wolf: seat(4) }),
            owed(5, Role::Werewolf, 1),
            fixed(5, Role::Villager),
            Happening::Ended {
                outcome: Outcome {
                    end: End::Paradox(Paradox::Contradiction),
                    winners: seats(&[0, 1, 2, 3]),
                }
            },
        ]
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            end: End::Paradox(Paradox::Contradiction),
            winners: seats(&[0, 1, 2, 3]),
        })
    );
    assert!(legal_events(&game).is_empty());
}

/// Two fixed werewolves already, at a two-werewolf table. Seat 3 becomes a fixed seer, so the two players it
/// marked black would be a third and fourth werewolf: a contradiction. Version 1 made them fixed werewolves
/// and killed seat 4 with seat 2's two attack chits; Version 2 ends the game before anyone dies.
#[test]
fn a_third_fixed_werewolf_at_a_two_werewolf_table_ends_the_game_before_its_attacks_kill() {
    let mut game = position("8.0.0 4.0.4 3.0.5 0.7.1 0.0.8 1.1.6 0.0.8 0.0.8; chit 3>1b 3>2b 2>4a 2>4a; turn seer 3+0");
    assert!(game.is_consistent());
    // Seat 3 marks seat 5 white and takes its seer card: seat 3 holds only seer cards now.
    play(&mut game, mark(3, 5, Verdict::White, Some(V)));
    assert_eq!(hand(&game, 3), "0W 8S 0V");
    assert_eq!(game.fixed_as(seat(3)), Some(S));
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            end: End::Paradox(Paradox::Contradiction),
            // Seats 1 and 2 were not made werewolves; seat 5 lost the seer but may still be W or V.
            winners: seats(&[1, 2, 5]),
        })
    );
    assert!(game.is_alive(seat(4)), "no death from an impossible wolf");
    assert_eq!(game.fixed_players(W), seats(&[0]));
    assert_eq!(End::Paradox(Paradox::Contradiction).rule(), "R11");
}

// ---------------------------------------------------------------------------------------------------------
// Transfers in any order
// ---------------------------------------------------------------------------------------------------------

/// Seat 0 (a fixed villager) owes 2 werewolf cards and may take back only villager cards; seat 2, the only
/// player who may receive them, holds 1. Seat 1 (a fixed seer) owes a villager card and can give it to seat 2
/// first: then seat 0's transfer fits. First in first out made this a paradox; Version 2 lets seat 1 go first.
#[test]
fn a_transfer_that_cannot_complete_yet_waits_while_another_debtor_goes_first() {
    let mut game = position("2.0.6 0.7.1 6.1.1 8.0.0 0.0.8 0.0.8 0.0.8 0.0.8; owes 0W 1V");
    assert!(game.outcome().is_none(), "{:?}", game.outcome());
    assert_eq!(game.owed_transfers(), [(seat(0), W), (seat(1), V)]);
    assert_eq!(game.ready_transfers(), [(seat(1), V, 1)]);
    assert_eq!(
        game.pending(),
        Some(Pending::Transfer {
            from: seat(1),
            role: V,
            cards: 1
        })
    );
    assert_eq!(listed_debtors(&game), [(1, V)]);
    // Seat 0's transfer is owed but cannot be completed now: refused.
    assert!(matches!(
        Werewolf::step(&mut game.clone(), &transfer(0, W, &[(2, V, 1)])),
        Err(WerewolfRefusal::BadTransfer { .. })
    ));
    refuse(&game, transfer(0, W, &[(2, V, 2)]));
    play(&mut game, transfer(1, V, &[(2, S, 1)]));
    assert_eq!(hand(&game, 2), "6W 0S 2V");
    assert_eq!(game.ready_transfers(), [(seat(0), W, 2)]);
    play(&mut game, transfer(0, W, &[(2, V, 2)]));
    assert_eq!(hand(&game, 2), "8W 0S 0V");
    assert!(game.outcome().is_none());
    check_invariants(&game);
}

/// When no debtor can complete a transfer, that is the paradox (R7, Version 2), named after the oldest debt.
#[test]
fn a_transfer_paradox_needs_every_debt_stuck() {
    let game = position("2.0.6 0.7.1 6.1.1 8.0.0 0.0.8 0.0.8 0.0.8 0.0.8; dead 2; owes 0W");
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            end: End::Paradox(Paradox::NoTransfer {
                player: seat(0),
                role: W,
                cards: 2
            }),
            // Seat 1 may still be a seer or a villager; seat 2 died and has not drawn.
            winners: seats(&[1, 2]),
        })
    );
}

/// Both debtors can go; both are listed, the pending decision names the older debt, and the younger may go
/// first. Its transfer takes seat 0's last werewolf card back, which settles seat 0's debt at once.
#[test]
fn any_ready_debtor_may_go_first_and_a_debt_settled_by_another_transfer_disappears_at_once() {
    let mut game = position("1.1.6 3.1.4 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5; owes 0W 1S");
    assert_eq!(
        game.pending(),
        Some(Pending::Transfer {
            from: seat(0),
            role: W,
            cards: 1
        })
    );
    assert_eq!(listed_debtors(&game), [(0, W), (1, S)]);
    play(&mut game, transfer(1, S, &[(0, W, 1)]));
    assert_eq!(hand(&game, 0), "0W 2S 6V");
    assert!(game.owed_transfers().is_empty(), "{:?}", game.owed_transfers());
    assert!(!matches!(game.pending(), Some(Pending::Transfer { .. })));
    check_invariants(&game);
}

// ---------------------------------------------------------------------------------------------------------
// Winners
// ---------------------------------------------------------------------------------------------------------

/// A seer once marked seat 3 both black and white. Version 1 let the seer become fixed, then found seat 3 with
/// no role and left it out of the winners; Version 2 sees the contradiction the moment the seer is fixed, when
/// seat 3 is not fixed, so seat 3 wins with everyone else who is not fixed.
#[test]
fn a_black_and_white_mark_from_a_seer_who_becomes_fixed_is_a_contradiction_won_by_the_unfixed() {
    let mut game = position("1.7.0 3.0.5 2.0.6 2.0.6 2.1.5 2.0.6 2.0.6 2.0.6; chit 0>3b 0>3w");
    play(&mut game, mark(0, 4, Verdict::Black, Some(W)));
    assert_eq!(game.fixed_as(seat(0)), Some(S));
    let outcome = game.outcome().unwrap_or_else(|| panic!("a paradox"));
    assert_eq!(outcome.end, End::Paradox(Paradox::Contradiction));
    assert_eq!(outcome.winners, seats(&[1, 2, 3, 4, 5, 6, 7]));
}

/// With the card drawn before the transfers (R8's other reading), a dead player who still holds cards of a
/// lost role can draw one: they have lost every role. They win the paradox with everyone else not fixed.
#[test]
fn a_player_who_lost_every_role_is_among_the_paradox_winners() {
    let table = Table::DEFAULT.with_readings(AttackDeath::AnyChits, DeathDraw::BeforeTransfers);
    let mut game = position_at(
        table,
        "2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5; draw 3; owes 3W",
    );
    // The draw comes first, from all eight cards: index 0 is a werewolf card, a role seat 3 has lost.
    assert_eq!(
        game.pending(),
        Some(Pending::Draw {
            player: seat(3),
            cards: 8
        })
    );
    play(
        &mut game,
        WerewolfEvent::Draw {
            player: seat(3),
            index: 0,
        },
    );
    assert_eq!(game.lost(seat(3)), RoleSet::ALL);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            end: End::Paradox(Paradox::NoRoleLeft { player: seat(3) }),
            winners: seats(&[0, 1, 2, 3, 4, 5, 6, 7]),
        })
    );
}

/// The spec's reading of R8: the transfer comes first, so the card is drawn from a hand of possible roles.
#[test]
fn by_default_the_dead_hand_over_what_they_owe_before_the_draw() {
    let mut game = position("2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5; draw 3; owes 3W");
    assert!(matches!(
        game.pending(),
        Some(Pending::Transfer { from, role: W, cards: 2 }) if from == seat(3)
    ));
    play(&mut game, transfer(3, W, &[(4, V, 2)]));
    assert_eq!(hand(&game, 3), "0W 1S 7V");
    assert_eq!(
        game.pending(),
        Some(Pending::Draw {
            player: seat(3),
            cards: 8
        })
    );
}

// ---------------------------------------------------------------------------------------------------------
// Death by attack: the two readings of R5
// ---------------------------------------------------------------------------------------------------------

#[test]
fn two_chits_of_one_fixed_werewolf_kill_unless_the_table_wants_two_werewolves() {
    let position = |table: Table| {
        position_at(
            table,
            "8.0.0 2.1.5 2.1.5 1.2.5 1.1.6 1.1.6 1.1.6 0.1.7; chit 0>3a; turn attack 0+0",
        )
    };
    let mut any = position(Table::DEFAULT);
    play(&mut any, attack(0, 3, None));
    assert!(!any.is_alive(seat(3)));

    let two = Table::DEFAULT.with_readings(AttackDeath::TwoWolves, DeathDraw::AfterTransfers);
    let mut game = position(two);
    play(&mut game, attack(0, 3, None));
    assert!(game.is_alive(seat(3)), "one werewolf's two chits");
}

// ---------------------------------------------------------------------------------------------------------
// The order of one step's losses (R7: seat order, roles in canonical order, the first cause logged)
// ---------------------------------------------------------------------------------------------------------

/// Seat 4 marks seat 2 black and takes its last seer card: seat 2 is a fixed werewolf. That costs its white
/// markers (seats 1 and 6) the seer and clears its victims (seats 0, 1 and 7): one step whose losses arise as
/// (1, S), (6, S), (0, W), (1, W), (7, W) and are applied — logged and owed — in seat order, and within seat 1
/// in canonical role order (werewolf before seer).
#[test]
fn one_steps_losses_are_applied_in_seat_order_whatever_order_they_arise_in() {
    let mut game =
        position("1.1.6 3.2.3 7.1.0 0.0.8 1.2.5 0.0.8 3.1.4 1.1.6; chit 1>2w 6>2w 2>0a 2>1a 2>7a; turn seer 4+0");
    play(&mut game, mark(4, 2, Verdict::Black, Some(W)));
    assert_eq!(game.fixed_as(seat(2)), Some(W));
    let by_wolf = LossCause::AttackedByWerewolf { wolf: seat(2) };
    let cleared_wolf = LossCause::MarkedWhiteWerewolf { wolf: seat(2) };
    assert_eq!(
        rule_six_losses(&game),
        [
            lost_line(0, W, by_wolf),
            lost_line(1, W, by_wolf),
            lost_line(1, S, cleared_wolf),
            lost_line(6, S, cleared_wolf),
            lost_line(7, W, by_wolf),
        ]
    );
    assert_eq!(
        game.owed_transfers(),
        [(seat(0), W), (seat(1), W), (seat(1), S), (seat(6), S), (seat(7), W)]
    );
    assert_eq!(
        game.pending(),
        Some(Pending::Transfer {
            from: seat(0),
            role: W,
            cards: 1
        })
    );
}

/// Seat 1 had marked seat 2 black and seat 5 white, and becomes a fixed seer by taking seat 6's seer card with
/// a white mark. The step that fixes it loses (2, V) for the black chit, (5, W) and (6, W) for the white ones:
/// seat 2 first although its role comes last in canonical order.
#[test]
fn within_a_step_seat_order_comes_before_role_order() {
    let mut game = position("2.0.6 0.7.1 2.0.6 2.0.6 2.0.6 2.0.6 3.1.4 3.0.5; chit 1>2b 1>5w; turn seer 1+0");
    play(&mut game, mark(1, 6, Verdict::White, Some(V)));
    assert_eq!(game.fixed_as(seat(1)), Some(S));
    assert_eq!(
        rule_six_losses(&game),
        [
            lost_line(2, V, LossCause::BlackFromSeer { seer: seat(1) }),
            lost_line(5, W, LossCause::WhiteFromSeer { seer: seat(1) }),
            lost_line(6, W, LossCause::WhiteFromSeer { seer: seat(1) }),
        ]
    );
    assert!(lost(&game, 6, S, LossCause::NoCardsLeft));
    assert_eq!(game.owed_transfers(), [(seat(2), V), (seat(5), W), (seat(6), W)]);
}

// ---------------------------------------------------------------------------------------------------------
// Two legality rules on their own
// ---------------------------------------------------------------------------------------------------------

/// R4, R5: the card given must be of a role the target holds. Seat 0 holds every role; seat 1 holds no villager
/// card, so a seer may give it only a werewolf card, an attacker only a seer card.
#[test]
fn an_exchange_gives_only_a_role_the_target_holds() {
    let game = position("2.1.5 4.4.0 2.0.6 2.0.6 2.0.6 2.0.6 2.3.3 0.0.8");
    assert_eq!(
        game.exchange_options(Phase::Seer, seat(0), seat(1)),
        Ok(RoleSet::only_role(W))
    );
    // An attack takes a werewolf card: the seer card may be given, the villager card still not.
    assert_eq!(
        game.exchange_options(Phase::Attack, seat(0), seat(1)),
        Ok(RoleSet::only_role(S))
    );

    assert_eq!(
        game.exchange_options(Phase::Seer, seat(0), seat(6)),
        Ok(RoleSet::only_role(W).with(V))
    );
}

/// R7: a receiver must hold the role. Seats 0 and 1 both lost the werewolf possibility and still hold werewolf
/// cards: neither may take the other's, although both hold some.
#[test]
fn a_receiver_must_hold_the_role_not_merely_its_cards() {
    let game = position("2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5; owes 0W 1W");
    assert!(!game.may_receive(seat(0), seat(1), W));
    assert!(!game.may_receive(seat(1), seat(0), W));
    assert!(game.may_receive(seat(0), seat(2), W));
    assert_eq!(game.take_back_limit(seat(0), W, seat(1), V), 0);
    assert!(
        legal_events(&game).iter().all(|event| match event {
            WerewolfEvent::Transfer { from, handovers, .. } =>
                handovers.iter().all(|h| h.to.number() > 1 && h.to != from),
            _ => false,
        }),
        "no transfer between the two debtors"
    );
    check_invariants(&game);
}
