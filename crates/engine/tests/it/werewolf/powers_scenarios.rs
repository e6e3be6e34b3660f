//! The werewolves' candidate powers (`options.rs`, [`Powers`]): each one on a built position, beside the same
//! position without it, so that every test shows the power is what made the difference.

use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{
    Ballot, DeathCause, End, FirstVote, Happening, Options, Parity, Pending, Powers, Role, StarterAttack, Table,
    Werewolf, WerewolfEvent, WerewolfState, legal_events,
};

use super::scenarios::attack;
use super::support::{RandomSource, SplitMix64, logged, play, position_at, seat};

fn with(powers: Powers) -> Table {
    Table::DEFAULT.with_options(Options::V2.with_powers(powers))
}

#[test]
fn the_attack_phase_starter_kills_its_target_at_once_only_with_the_power() {
    // Seat 0 holds the most werewolf cards and starts the attack phase; seat 1 holds the next most.
    let hands = "4.0.4 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 1.2.5 1.1.6";
    let power = Powers {
        starter_attack: StarterAttack::Kills,
        ..Powers::NONE
    };
    for (powers, dies) in [(Powers::NONE, false), (power, true)] {
        let mut game = position_at(with(powers), &format!("{hands}; begin attack"));
        assert_eq!(game.pending(), Some(Pending::Attack { wolf: seat(0) }));
        play(&mut game, attack(0, 3, Some(Role::Villager)));
        assert_eq!(!game.is_alive(seat(3)), dies, "{powers:?}");
        let line = Happening::Died {
            player: seat(3),
            cause: DeathCause::StarterAttack { wolf: seat(0) },
        };
        assert_eq!(logged(&game, line), dies);
        if dies {
            assert_eq!(line.rule(), "R5");
            assert!(matches!(game.pending(), Some(Pending::Draw { player, .. }) if player == seat(3)));
        }
    }
}

#[test]
fn only_the_starter_kills_the_next_attacker_places_a_chit() {
    let power = Powers {
        starter_attack: StarterAttack::Kills,
        ..Powers::NONE
    };
    let hands = "4.0.4 2.1.5 2.1.5 2.1.5 2.1.5 2.1.5 1.2.5 1.1.6";
    // The starter has no attack chit left: it passes, and seat 1's attack is an ordinary chit.
    let mut game = position_at(with(power), &format!("{hands}; spent 0a; begin attack"));
    assert_eq!(game.pending(), Some(Pending::Attack { wolf: seat(1) }));
    play(&mut game, attack(1, 4, Some(Role::Villager)));
    assert!(game.is_alive(seat(4)));
}

#[test]
fn a_third_of_the_living_as_fixed_werewolves_wins_only_with_the_softer_parity() {
    // Seat 0 is a fixed werewolf among 3 living players of 8 after the vote: a third, not half.
    let third = Powers {
        parity: Parity::Third,
        ..Powers::NONE
    };
    let hands = "8.0.0 1.1.6 1.1.6 1.1.6 1.1.6 2.2.4 1.1.6 1.1.6";
    for (powers, wolves_win) in [(Powers::NONE, false), (third, true)] {
        let game = position_at(with(powers), &format!("{hands}; dead 3 4 5 6 7; round 5"));
        let end = game.outcome().map(|o| o.end);
        assert_eq!(end == Some(End::WerewolvesWin), wolves_win, "{powers:?}: {end:?}");
        if wolves_win {
            assert_eq!(game.outcome().map(|o| o.winners.len()), Some(1));
        }
    }
}

#[test]
fn round_one_has_no_vote_only_with_the_power() {
    let skipped = Powers {
        first_vote: FirstVote::Skipped,
        ..Powers::NONE
    };
    // Random round 1s until one reaches its vote without the power; the same events with the power skip it.
    let mut rng = SplitMix64::new(41);
    for _ in 0..200 {
        let mut held = WerewolfState::new(with(Powers::NONE));
        let mut events = Vec::new();
        while !matches!(held.pending(), Some(Pending::Vote { .. }) | None) {
            let legal = legal_events(&held);
            let Some(event) = legal.get(rng.below_u64(legal.len())) else {
                break;
            };
            play(&mut held, event.clone());
            events.push(event);
        }
        if held.round() != 1 || !matches!(held.pending(), Some(Pending::Vote { .. })) {
            continue;
        }
        let mut game = WerewolfState::new(with(skipped));
        for event in events {
            play(&mut game, event);
        }
        assert!(game.outcome().is_none());
        assert_eq!(game.round(), 2);
        assert!(logged(&game, Happening::VoteSkipped));
        assert!(!logged(&held, Happening::VoteSkipped));
        assert_eq!(Happening::VoteSkipped.rule(), "R9");
        // Round 2 votes as usual.
        while !matches!(game.pending(), Some(Pending::Vote { .. }) | None) {
            let legal = legal_events(&game);
            let Some(event) = legal.get(rng.below_u64(legal.len())) else {
                break;
            };
            play(&mut game, event);
        }
        if let Some(Pending::Vote { voters, .. }) = game.pending() {
            assert!(game.round() >= 2);
            let ballots: Vec<Ballot> = voters
                .iter()
                .map(|voter| Ballot {
                    voter,
                    target: game.vote_targets(voter).first().unwrap_or(voter),
                })
                .collect();
            assert!(Werewolf::step(&mut game.clone(), &WerewolfEvent::Vote { ballots }).is_ok());
        }
        return;
    }
    panic!("no round 1 reached its vote in 200 random games");
}
