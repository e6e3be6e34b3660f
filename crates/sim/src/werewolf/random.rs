//! The random player: every choice uniform among the legal ones.

use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{
    Contradictions, HandOver, Pending, Role, Seat, Werewolf, WerewolfEvent, WerewolfState, legal_events,
};

use marubatsu_engine::random::{RandomSource, SplitMix64};

/// A uniformly random legal event for the pending decision, or `None` once the game is over.
///
/// Transfers are the exception to "uniform over the legal events": their list can run to thousands of
/// splits, so a debtor who can complete theirs is chosen uniformly (any may go first, R7), and the hand-overs
/// are drawn one card at a time, each to a uniformly chosen (recipient, role taken back) pair that can still
/// take one. A dead player's card is the table's draw ([`WerewolfState::draw_event`]), which under Versions 2
/// and 3 is a uniform legal card. Every other decision draws a uniform index into [`legal_events`]; for a vote, whose events are
/// numbered rather than listed, that is a uniform vote (every voter pointing at one of their choices uniformly
/// and independently).
pub fn random_event(game: &WerewolfState, rng: &mut SplitMix64) -> Option<WerewolfEvent> {
    match game.pending()? {
        Pending::Transfer { .. } => {
            let ready = game.settleable_transfers();
            let &(from, role, cards) = rng.pick(&ready)?;
            Some(random_transfer(game, from, role, cards, rng))
        }
        // Chance, not a choice: the table's own draw (a uniform legal card, or under Version 4 a uniform deal).
        Pending::Draw { .. } => game.draw_event(rng),
        _ => {
            let legal = legal_events(game);
            legal.get(rng.below_u64(legal.len()))
        }
    }
}

/// A random complete transfer of `cards` cards of `role` from `from`; the game has checked that one exists.
///
/// At a table that refuses contradictions a split that would leave no world is refused; then another is drawn,
/// up to 64 times, and only then is the transfer drawn uniformly from the splits the engine lists for that
/// debt (at ten players a list can run to a hundred thousand splits, each played on a copy).
pub(crate) fn random_transfer(
    game: &WerewolfState,
    from: Seat,
    role: Role,
    cards: u8,
    rng: &mut SplitMix64,
) -> WerewolfEvent {
    let mut split = random_split(game, from, role, cards, rng);
    if game.table().options().contradictions == Contradictions::Paradox {
        return split;
    }
    for _ in 0..64 {
        if Werewolf::step(&mut game.clone(), &split).is_ok() {
            return split;
        }
        split = random_split(game, from, role, cards, rng);
    }
    let keeping: Vec<WerewolfEvent> = legal_events(game)
        .into_iter()
        .filter(|event| matches!(event, WerewolfEvent::Transfer { from: f, role: r, .. } if (*f, *r) == (from, role)))
        .collect();
    rng.pick(&keeping).cloned().unwrap_or(split)
}

/// One card at a time, each to a uniformly chosen (recipient, role taken back) pair that can still take one.
fn random_split(game: &WerewolfState, from: Seat, role: Role, cards: u8, rng: &mut SplitMix64) -> WerewolfEvent {
    // (recipient, role taken back, room left); at most 15 recipients × 2 roles.
    let mut slots: Vec<HandOver> = game
        .alive()
        .iter()
        .flat_map(|to| Role::ALL.map(|take| (to, take)))
        .filter_map(|(to, take)| {
            let room = game.take_back_limit(from, role, to, take);
            (room > 0).then_some(HandOver { to, take, cards: room })
        })
        .collect();
    let mut chosen: Vec<HandOver> = slots.iter().map(|s| HandOver { cards: 0, ..*s }).collect();
    for _ in 0..cards {
        let open: Vec<usize> = (0..slots.len()).filter(|&i| slots[i].cards > 0).collect();
        let Some(&i) = rng.pick(&open) else {
            break;
        };
        slots[i].cards -= 1;
        chosen[i].cards += 1;
    }
    chosen.retain(|h| h.cards > 0);
    WerewolfEvent::Transfer {
        from,
        role,
        handovers: chosen,
    }
}

#[cfg(test)]
mod tests {
    use marubatsu_engine::werewolf::Table;

    use super::*;

    #[test]
    fn a_random_vote_gives_every_voter_each_choice_equally_often() {
        // Play until the first vote of a game, then draw votes there.
        let mut rng = SplitMix64::new(21);
        let mut game = WerewolfState::new(Table::DEFAULT).without_log();
        while !matches!(game.pending(), Some(Pending::Vote { .. })) {
            let Some(event) = random_event(&game, &mut rng) else {
                panic!("the first game ended before its vote; pick another seed");
            };
            if let Err(error) = Werewolf::step(&mut game, &event) {
                panic!("{event:?}: {error}");
            }
        }
        let alive: Vec<_> = game.alive().iter().collect();
        let mut counts = vec![[0u32; 16]; alive.len()];
        let draws = 14_000;
        for _ in 0..draws {
            let Some(WerewolfEvent::Vote { ballots }) = random_event(&game, &mut rng) else {
                panic!("a vote is pending");
            };
            for (i, ballot) in ballots.iter().enumerate() {
                counts[i][ballot.target.index()] += 1;
            }
        }
        for (i, &voter) in alive.iter().enumerate() {
            let targets = game.vote_targets(voter);
            let expected = draws / targets.len() as u32;
            for target in targets {
                let got = counts[i][target.index()];
                // Within about 5 standard deviations of the binomial count.
                assert!(
                    got.abs_diff(expected) < expected / 7,
                    "{voter} pointed at {target} {got} times, expected about {expected}"
                );
            }
            assert_eq!(counts[i][voter.index()], 0);
        }
    }

    #[test]
    fn random_play_always_finishes_with_accepted_events() {
        let mut rng = SplitMix64::new(5);
        for _ in 0..200 {
            let mut game = WerewolfState::new(Table::DEFAULT).without_log();
            while let Some(event) = random_event(&game, &mut rng) {
                if let Err(error) = Werewolf::step(&mut game, &event) {
                    panic!("{event:?}: {error}");
                }
            }
            assert!(game.outcome().is_some());
        }
    }
}
