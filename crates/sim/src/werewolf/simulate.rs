//! Many games under one policy, and what they add up to.

use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{
    End, MAX_PLAYERS, Paradox, SeatSet, Side, Table, Werewolf, WerewolfEvent, WerewolfState,
};
use serde::Serialize;

use super::partisan::Camp;
use super::policy::Policy;
use marubatsu_engine::random::SplitMix64;

/// How one game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// How it ended.
    pub end: End,
    /// The round it ended in.
    pub rounds: u8,
    /// How many events it took.
    pub events: u32,
    /// How many of them were players' decisions (not rock-paper-scissors or a draw at a death).
    pub decisions: u32,
    /// Every winning seat.
    pub winners: SeatSet,
    /// At the end, by the side each player played for (village, werewolves): how many players, and how many
    /// of them won.
    pub camps: [(u8, u8); 2],
}

/// Plays one game at `table` under `policy` with `rng` for every choice and every chance event.
pub fn play_game(table: Table, policy: Policy, rng: &mut SplitMix64) -> GameRecord {
    let mut game = WerewolfState::new(table).without_log();
    let sides = policy.sides(&game, rng);
    let (mut events, mut decisions) = (0, 0);
    while let Some(event) = policy.choose_for(&game, &sides, rng) {
        // Policies only produce legal events; a refusal would be a bug in one of them, and it ends the game.
        if Werewolf::step(&mut game, &event).is_err() {
            debug_assert!(false, "{policy} chose an illegal event {event:?}");
            break;
        }
        events += 1;
        if !matches!(event, WerewolfEvent::StartPlayer { .. } | WerewolfEvent::Draw { .. }) {
            decisions += 1;
        }
    }
    // Policies answer every pending decision, so the loop only ends with the game; should a buggy policy stop
    // early, the game is booked as a paradox rather than lost.
    let end = game.outcome().map_or(
        End::Paradox(Paradox::UndecidableVote {
            alive: game.alive().len() as u8,
        }),
        |o| o.end,
    );
    let winners = game.outcome().map_or(SeatSet::EMPTY, |o| o.winners);
    let mut camps = [(0, 0); 2];
    for seat in game.seats() {
        let camp = usize::from(sides.of(&game, seat) == Camp::Werewolves);
        camps[camp].0 += 1;
        camps[camp].1 += u8::from(winners.contains(seat));
    }
    GameRecord {
        end,
        rounds: game.round(),
        events,
        decisions,
        winners,
        camps,
    }
}

/// A share of games with its 95% Wilson score interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// How many games.
    pub count: u64,
    /// `count` over all games.
    pub share: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Rate {
    /// `count` of `games`, with the Wilson interval at z = 1.96 (sound near 0 and 1, unlike the normal one).
    ///
    /// ```
    /// use marubatsu_sim::Rate;
    ///
    /// let rate = Rate::of(50, 100);
    /// assert_eq!(rate.share, 0.5);
    /// assert!((rate.low - 0.4038).abs() < 1e-4 && (rate.high - 0.5962).abs() < 1e-4);
    /// assert_eq!(Rate::of(0, 0).share, 0.0);
    /// ```
    pub fn of(count: u64, games: u64) -> Rate {
        if games == 0 {
            return Rate {
                count,
                share: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let n = games as f64;
        let p = count as f64 / n;
        let z = 1.959_963_984_540_054;
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        Rate {
            count,
            share: p,
            // At p = 0 or 1 the interval touches p exactly; clamping keeps rounding from crossing it.
            low: (centre - half).clamp(0.0, p),
            high: (centre + half).clamp(p, 1.0),
        }
    }
}

/// The ways a game ends, in report order, with their stable keys ([`End::key`]).
pub const END_KEYS: [&str; 7] = [
    "village",
    "werewolves",
    "all-dead",
    "paradox-transfer",
    "paradox-no-role",
    "paradox-contradiction",
    "paradox-vote",
];

/// How many games ended one way.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EndRate {
    /// The way, keyed as in [`END_KEYS`].
    pub end: &'static str,
    /// How many games, with the interval.
    #[serde(flatten)]
    pub rate: Rate,
}

/// What a simulation of one policy found.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// The policy's name.
    pub policy: &'static str,
    /// Games played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// Games the village won (R10.2).
    pub village: Rate,
    /// Games the werewolves won (R10.1, R10.3).
    pub werewolves: Rate,
    /// Games that ended in a paradox (R11).
    pub paradox: Rate,
    /// Mean round in which games ended.
    pub mean_rounds: f64,
    /// The latest round a game ended in.
    pub max_rounds: u8,
    /// Mean events per game.
    pub mean_events: f64,
    /// Mean players' decisions per game (events but rock-paper-scissors and draws).
    pub mean_decisions: f64,
    /// Each seat's games won, by its own payoff (a paradox is a win for whoever is not fixed).
    pub seat_wins: Vec<Rate>,
    /// Of the players who ended on the village's side (their commitment, or the worlds), the share who won.
    pub village_players_won: Rate,
    /// Of the players who ended on the werewolves' side, the share who won.
    pub wolf_players_won: Rate,
    /// Mean winners per paradox, by the side they ended on: village's, werewolves'.
    pub paradox_winners: [f64; 2],
    /// Games per way of ending, in the order of [`END_KEYS`].
    pub ends: Vec<EndRate>,
}

impl Report {
    /// The rate of `side`.
    pub const fn rate(&self, side: Side) -> Rate {
        match side {
            Side::Village => self.village,
            Side::Werewolves => self.werewolves,
            Side::Paradox => self.paradox,
        }
    }
}

/// Plays `games` games at `table` under `policy`; game `i` draws from [`SplitMix64::stream`]`(seed, i)`, so
/// every figure is reproducible from the seed.
///
/// ```
/// use marubatsu_engine::werewolf::Table;
/// use marubatsu_sim::{simulate, Policy};
///
/// let report = simulate(Table::DEFAULT, Policy::Random, 200, 1);
/// assert_eq!(report.village.count + report.werewolves.count + report.paradox.count, 200);
/// assert!(report.max_rounds <= 7); // at most N − 1 rounds
/// assert_eq!(report, simulate(Table::DEFAULT, Policy::Random, 200, 1));
/// ```
pub fn simulate(table: Table, policy: Policy, games: u64, seed: u64) -> Report {
    let mut tally = Tally::default();
    tally.play(table, policy, seed, 0..games);
    tally.report(policy, seed)
}

/// Counts of some games of one table and policy; tallies of disjoint index ranges merge into the tally of
/// their union, so games can be spread over threads without changing a figure.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    games: u64,
    sides: [u64; 3],
    ends: [u64; END_KEYS.len()],
    rounds: u64,
    events: u64,
    decisions: u64,
    max_rounds: u8,
    seat_wins: [u64; MAX_PLAYERS],
    players: u64,
    /// Players, and winners among them, by side: village, werewolves.
    camps: [(u64, u64); 2],
    /// Winners of paradoxes by side.
    paradox_winners: [u64; 2],
}

impl Tally {
    /// Plays the games numbered `indices`.
    pub(crate) fn play(&mut self, table: Table, policy: Policy, seed: u64, indices: core::ops::Range<u64>) {
        for index in indices {
            let mut rng = SplitMix64::stream(seed, index);
            let record = play_game(table, policy, &mut rng);
            let side = Side::ALL.iter().position(|&s| s == record.end.side()).unwrap_or(2);
            self.games += 1;
            self.sides[side] += 1;
            if let Some(i) = END_KEYS.iter().position(|&k| k == record.end.key()) {
                self.ends[i] += 1;
            }
            self.rounds += u64::from(record.rounds);
            self.events += u64::from(record.events);
            self.decisions += u64::from(record.decisions);
            self.max_rounds = self.max_rounds.max(record.rounds);
            self.players = u64::from(table.players());
            for seat in record.winners {
                self.seat_wins[seat.index()] += 1;
            }
            for (total, (players, won)) in self.camps.iter_mut().zip(record.camps) {
                total.0 += u64::from(players);
                total.1 += u64::from(won);
            }
            if side == 2 {
                for (total, (_, won)) in self.paradox_winners.iter_mut().zip(record.camps) {
                    *total += u64::from(won);
                }
            }
        }
    }

    /// Adds `other`'s games.
    pub(crate) fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        for (a, b) in self.sides.iter_mut().zip(other.sides) {
            *a += b;
        }
        for (a, b) in self.ends.iter_mut().zip(other.ends) {
            *a += b;
        }
        self.rounds += other.rounds;
        self.events += other.events;
        self.decisions += other.decisions;
        self.max_rounds = self.max_rounds.max(other.max_rounds);
        self.players = self.players.max(other.players);
        for (a, b) in self.seat_wins.iter_mut().zip(other.seat_wins) {
            *a += b;
        }
        for (a, b) in self.camps.iter_mut().zip(other.camps) {
            a.0 += b.0;
            a.1 += b.1;
        }
        for (a, b) in self.paradox_winners.iter_mut().zip(other.paradox_winners) {
            *a += b;
        }
    }

    /// The report of the games counted.
    pub(crate) fn report(&self, policy: Policy, seed: u64) -> Report {
        let games = self.games;
        let mean = |total: u64| {
            if games == 0 { 0.0 } else { total as f64 / games as f64 }
        };
        Report {
            policy: policy.name(),
            games,
            seed,
            village: Rate::of(self.sides[0], games),
            werewolves: Rate::of(self.sides[1], games),
            paradox: Rate::of(self.sides[2], games),
            mean_rounds: mean(self.rounds),
            max_rounds: self.max_rounds,
            mean_events: mean(self.events),
            mean_decisions: mean(self.decisions),
            seat_wins: self.seat_wins[..self.players as usize]
                .iter()
                .map(|&won| Rate::of(won, games))
                .collect(),
            village_players_won: Rate::of(self.camps[0].1, self.camps[0].0),
            wolf_players_won: Rate::of(self.camps[1].1, self.camps[1].0),
            paradox_winners: self.paradox_winners.map(|won| {
                let paradoxes = self.sides[2];
                if paradoxes == 0 {
                    0.0
                } else {
                    won as f64 / paradoxes as f64
                }
            }),
            ends: END_KEYS
                .into_iter()
                .zip(self.ends)
                .map(|(end, count)| EndRate {
                    end,
                    rate: Rate::of(count, games),
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_end_key_is_counted() {
        let report = simulate(Table::DEFAULT, Policy::Random, 300, 2);
        assert_eq!(report.ends.iter().map(|e| e.rate.count).sum::<u64>(), 300);
        let paradoxes: u64 = report
            .ends
            .iter()
            .filter(|e| e.end.starts_with("paradox"))
            .map(|e| e.rate.count)
            .sum();
        assert_eq!(paradoxes, report.paradox.count);
    }

    #[test]
    fn tallies_of_split_ranges_merge_into_the_whole() {
        let (table, policy) = (Table::new(1, 1, 3).unwrap_or_default(), Policy::Random);
        let mut whole = Tally::default();
        whole.play(table, policy, 4, 0..90);
        let mut parts = Tally::default();
        for range in [60..90, 0..25, 25..60] {
            let mut part = Tally::default();
            part.play(table, policy, 4, range);
            parts.merge(&part);
        }
        assert_eq!(parts, whole);
        assert_eq!(whole.report(policy, 4), simulate(table, policy, 90, 4));
    }

    #[test]
    fn seat_wins_count_each_winner_and_paradox_winners_are_the_unfixed() {
        let report = simulate(Table::DEFAULT, Policy::Random, 300, 3);
        assert_eq!(report.seat_wins.len(), 8);
        let seat_wins: u64 = report.seat_wins.iter().map(|r| r.count).sum();
        assert_eq!(
            seat_wins,
            report.village_players_won.count + report.wolf_players_won.count
        );
        assert!(report.paradox.count > 0 && report.paradox_winners.iter().sum::<f64>() > 0.0);
        assert!(report.mean_decisions > 0.0 && report.mean_decisions <= report.mean_events);
    }

    #[test]
    fn wilson_intervals_stay_inside_zero_and_one() {
        for (count, games) in [(0, 10), (10, 10), (1, 1_000_000), (3, 7)] {
            let rate = Rate::of(count, games);
            assert!(0.0 <= rate.low && rate.low <= rate.share && rate.share <= rate.high);
            assert!(rate.high <= 1.0);
        }
    }
}
