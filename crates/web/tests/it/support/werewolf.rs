//! Quantum werewolf played through its endpoint as a test's table would: a legal event for any pending decision,
//! varied by a counter, and a game played until a state a test wants. The browser stories put the page on such a
//! game with [`WerewolfPage::resume`](super::pages::werewolf::WerewolfPage::resume) or `put_on`.

use marubatsu_engine::random::GOLDEN_GAMMA;
use serde_json::{Value, json};

use super::post_ok;

/// A hash of `n`, not `n` itself: a pick that cycles with n can tie a run-off forever (R9 has no limit).
pub fn hash(n: usize) -> usize {
    ((n as u64 ^ 0x5DEE_CE66).wrapping_mul(GOLDEN_GAMMA) >> 33) as usize
}

/// A legal event for the pending decision, varied by `n`: one of the listed choices, the only transfer or the
/// slots filled in order from one of them, some card of a draw, a vote with a choice for every voter.
pub fn legal(state: &Value, n: usize) -> Value {
    let pending = &state["pending"];
    match pending["kind"].as_str().unwrap_or_default() {
        "transfer" => {
            // Any ready debtor may go first (R7): vary who.
            let ready = state["transfers"].as_array().cloned().unwrap_or_default();
            let transfer = &ready[hash(n) % ready.len().max(1)];
            if !transfer["only"].is_null() {
                return transfer["only"].clone();
            }
            // The slots filled in order from one that `n` picks, so that other counters try other splits
            // (a table that refuses contradictions may refuse one); sent in the slots' order.
            let slots = transfer["slots"].as_array().cloned().unwrap_or_default();
            let mut left = transfer["cards"].as_u64().unwrap_or(0);
            let mut counts = vec![0; slots.len()];
            let first = hash(n + 1) % slots.len().max(1);
            for i in (0..slots.len()).map(|i| (first + i) % slots.len()) {
                counts[i] = slots[i]["cards"].as_u64().unwrap_or(0).min(left);
                left -= counts[i];
            }
            let handovers: Vec<Value> = slots
                .iter()
                .zip(counts)
                .filter(|&(_, cards)| cards > 0)
                .map(|(slot, cards)| json!({"to": slot["to"], "take": slot["take"], "cards": cards}))
                .collect();
            json!({"type": "transfer", "from": transfer["from"], "role": transfer["role"], "handovers": handovers})
        }
        "draw" => {
            // The cards that may be drawn: all, unless the table refuses contradictions.
            let indices = pending["indices"].as_array().cloned().unwrap_or_default();
            json!({"type": "draw", "player": pending["dead"], "index": indices[n % indices.len().max(1)]})
        }
        "vote" => {
            let ballots: Vec<Value> = state["ballots"]
                .as_array()
                .into_iter()
                .flatten()
                .enumerate()
                .map(|(i, voter)| {
                    let targets = voter["targets"].as_array().cloned().unwrap_or_default();
                    let pick = hash(n * 31 + i) % targets.len().max(1);
                    json!({"voter": voter["voter"], "target": targets[pick]["target"]})
                })
                .collect();
            json!({"type": "vote", "ballots": ballots})
        }
        _ => {
            let choices = state["choices"].as_array().cloned().unwrap_or_default();
            choices[hash(n) % choices.len().max(1)]["event"].clone()
        }
    }
}

/// Plays games on the default table from `seeds`, picking with [`legal`], until a state meets `wanted`; returns
/// the log that leads to it and the state. `None` when no game of those seeds reaches one.
pub fn find_state(
    server: &marubatsu_web::Server,
    names: &[&str],
    seeds: std::ops::Range<usize>,
    wanted: impl Fn(&Value) -> bool,
) -> Option<(Value, Value)> {
    find_state_under(server, "v2", names, seeds, wanted)
}

/// [`find_state`] under the rules `options` names (`v2`, `v3`, …).
pub fn find_state_under(
    server: &marubatsu_web::Server,
    options: &str,
    names: &[&str],
    seeds: std::ops::Range<usize>,
    wanted: impl Fn(&Value) -> bool,
) -> Option<(Value, Value)> {
    for seed in seeds {
        let mut events = json!([]);
        let mut event = Value::Null;
        let mut n = seed * 1_000;
        loop {
            let body =
                json!({"table": [2, 1, 5], "options": options, "names": names, "events": events, "event": event});
            let answer = post_ok(server.local_addr(), "/api/werewolf/replay", &body);
            events = answer["log"].clone();
            let state = &answer["state"];
            if wanted(state) {
                return Some((events, state.clone()));
            }
            if !state["outcome"].is_null() {
                break;
            }
            n += 1;
            event = legal(state, n);
        }
    }
    None
}
