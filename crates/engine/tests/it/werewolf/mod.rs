//! Quantum werewolf through the engine's public API: rule-by-rule scenarios from hand-made positions
//! ([`WerewolfSetup`](marubatsu_engine::werewolf::WerewolfSetup)) and properties over many random games.

mod certainty_properties;
mod chances_properties;
mod contradictions_properties;
mod options_properties;
mod paradox_properties;
mod paradox_scenarios;
mod powers_scenarios;
mod properties;
mod refusal_reasons_properties;
mod scenarios;
mod setup;
mod support;
