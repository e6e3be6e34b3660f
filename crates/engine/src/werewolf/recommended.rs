//! The table to play at each player count, as the simulator's workbench found it (`marubatsu-sim`): the fairest
//! table of a sweep (or of the workbench's confirmed finalists) for every player count, kept as data so that a UI
//! can offer them at setup, each with its rules and its werewolf win rate. A table where the werewolves never won
//! is not recommended, however few paradoxes it has: it is not a game for both sides. The data
//! (`recommended_data.rs`) is written by the simulator's command (`marubatsu_sim::recommended_source`), never by
//! hand; [`RECOMMENDED_BY`] names that command.

use super::{AttackDeath, DeathDraw, Options, Table, TableError};

use super::recommended_data::RECOMMENDED;
pub use super::recommended_data::RECOMMENDED_BY;

/// A recommended table and how it fared under the ranked policy.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Recommended {
    /// Players.
    pub players: u8,
    /// Every starting hand: werewolves, seers, villagers.
    pub composition: [u8; 3],
    /// Chits per player: black, white, attacks.
    pub chits: [u8; 3],
    /// R5's reading ([`AttackDeath::name`]).
    pub attack_death: &'static str,
    /// R8's reading ([`DeathDraw::name`]).
    pub death_draw: &'static str,
    /// Games that ended in a paradox, of all games.
    pub paradox: f64,
    /// Games the village won, of the decided games.
    pub village_of_decided: f64,
    /// Games the werewolves won, of all games: never 0 for a recommended table.
    pub werewolves: f64,
    /// The rules, by [`Options::from_name`]'s names, every option spelled out ([`Recommended::version`] says
    /// whether they are a version's).
    pub rules: &'static str,
    /// Whether it met the target (paradox ≤ 20%, village 45–55% of decided games).
    pub on_target: bool,
    /// The policy it was ranked under.
    pub policy: &'static str,
    /// Games played at it per policy.
    pub games: u64,
}

impl Recommended {
    /// The table to play.
    pub fn table(&self) -> Result<Table, TableError> {
        let [w, s, v] = self.composition;
        let [black, white, attacks] = self.chits;
        let attack_death = AttackDeath::ALL
            .into_iter()
            .find(|r| r.name() == self.attack_death)
            .unwrap_or_default();
        let death_draw = DeathDraw::ALL
            .into_iter()
            .find(|r| r.name() == self.death_draw)
            .unwrap_or_default();
        Ok(Table::new(w, s, v)?
            .with_chits(black, white, attacks)
            .with_readings(attack_death, death_draw)
            .with_options(Options::from_name(self.rules).unwrap_or_default()))
    }

    /// `v2`, `v3` or `v4` when the rules are exactly that version's, else `None`.
    ///
    /// ```
    /// use marubatsu_engine::werewolf::recommended::recommended_tables;
    ///
    /// assert!(recommended_tables().iter().any(|r| r.version() == Some("v4")));
    /// ```
    pub fn version(&self) -> Option<&'static str> {
        match Options::from_name(self.rules)? {
            options if options == Options::V2 => Some("v2"),
            options if options == Options::V3 => Some("v3"),
            options if options == Options::V4 => Some("v4"),
            _ => None,
        }
    }
}

/// The recommended table for every player count the last sweep covered, in player order, leaving out any
/// table whose werewolves never won.
///
/// ```
/// use marubatsu_engine::werewolf::recommended::recommended_tables;
///
/// for recommended in recommended_tables() {
///     let table = recommended.table().unwrap();
///     assert_eq!(table.players(), recommended.players);
/// }
/// ```
pub fn recommended_tables() -> Vec<Recommended> {
    // The generator leaves such tables out already; data from before it did is filtered here.
    RECOMMENDED.into_iter().filter(|r| r.werewolves > 0.0).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_recommended_table_is_a_table_of_its_player_count_with_known_readings() {
        let tables = recommended_tables();
        assert!(!tables.is_empty());
        for r in &tables {
            let table = r.table().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(table.players(), r.players);
            assert!(AttackDeath::ALL.iter().any(|a| a.name() == r.attack_death));
            assert!(DeathDraw::ALL.iter().any(|d| d.name() == r.death_draw));
            assert!(
                r.werewolves > 0.0,
                "a table where the werewolves never win is recommended: {r:?}"
            );
            assert!(Options::from_name(r.rules).is_some(), "{}", r.rules);
            if r.on_target {
                assert!(r.paradox <= 0.2 + 1e-3 && (r.village_of_decided - 0.5).abs() <= 0.05 + 1e-3);
            }
        }
        assert!(tables.windows(2).all(|w| w[0].players < w[1].players));
        assert!(
            RECOMMENDED_BY.starts_with("marubatsu werewolf workbench --"),
            "{RECOMMENDED_BY}"
        );
    }
}
