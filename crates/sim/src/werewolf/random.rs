//! The random player: every choice uniform among the legal ones.

use marubatsu_engine::werewolf::{Event, Game, HandOver, Pending, Role, legal_events};

use crate::rng::SplitMix64;

/// A uniformly random legal event for the pending decision, or `None` once the game is over.
///
/// Transfers are the exception to "uniform over the listed events": their list can run to thousands of
/// splits, so the hand-overs are drawn one card at a time, each to a uniformly chosen (recipient, role taken
/// back) pair that can still take one. Every other decision picks uniformly from [`legal_events`].
pub fn random_event(game: &Game, rng: &mut SplitMix64) -> Option<Event> {
    match game.pending()? {
        Pending::Transfer { from, role, cards } => {
            Some(random_transfer(game, from, role, cards, rng))
        }
        _ => rng.pick(&legal_events(game)).cloned(),
    }
}

/// A random complete transfer of `cards` cards of `role` from `from`; the game has checked that one exists.
pub(crate) fn random_transfer(
    game: &Game,
    from: marubatsu_engine::werewolf::Seat,
    role: Role,
    cards: u8,
    rng: &mut SplitMix64,
) -> Event {
    // (recipient, role taken back, room left); at most 15 recipients × 2 roles.
    let mut slots: Vec<HandOver> = game
        .alive()
        .iter()
        .flat_map(|to| Role::ALL.map(|take| (to, take)))
        .filter_map(|(to, take)| {
            let room = game.take_back_limit(from, role, to, take);
            (room > 0).then_some(HandOver {
                to,
                take,
                cards: room,
            })
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
    Event::Transfer {
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
    fn random_play_always_finishes_with_accepted_events() {
        let mut rng = SplitMix64::new(5);
        for _ in 0..200 {
            let mut game = Game::new(Table::DEFAULT).without_log();
            while let Some(event) = random_event(&game, &mut rng) {
                if let Err(error) = game.play(&event) {
                    panic!("{event:?}: {error}");
                }
            }
            assert!(game.outcome().is_some());
        }
    }
}
