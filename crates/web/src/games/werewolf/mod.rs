//! Quantum werewolf, pass and play: the page, and one endpoint that replays an event log through the engine.
//!
//! The server keeps nothing. The page keeps the table, the players' names and the event log in the tab's
//! `sessionStorage` and sends them with every new event. Every random outcome is already inside the events — the page
//! draws the card of a dead player's hand with `crypto.getRandomValues`, and the table reports who won a
//! rock-paper-scissors — so replaying the log through the engine's rules
//! ([`Werewolf`](marubatsu_engine::werewolf::Werewolf)) rebuilds the game exactly after a reload. A log that does not
//! replay (edited by hand, or from another version) is cut at its first refused event, and the answer says so
//! (`logError`); `log` is the log to keep.
//!
//! ```text
//! GET  /api/werewolf/table    the default composition and chits, the table sizes the engine accepts, and the
//!                             workbench's recommended table for each player count
//! POST /api/werewolf/replay   {"table": [2, 1, 5], "chits": [2, 3, 3]?, "attackDeath": "any-chits"?,
//!                              "deathDraw": "after-transfers"?, "options": "v2" | "v3" | "v4"?,
//!                              "names": ["Mika", …], "events": [event, …],
//!                              "event": event | null, "preview": bool?}
//!                             -> {"accepted": bool, "refusal": {"code": "not_pending", "words": "…"} | null,
//!                                 "state": {…}, "log": [event, …], "stale": bool, "logError": "…" | null,
//!                                 "wouldEnd": {"side": "paradox", "warning": "…"} | null}
//! ```
//!
//! With `"preview": true` the event is only tried: the answer is the game before it (the log unchanged,
//! `accepted` false) and `wouldEnd` says whether it would end the game and how — for a hand-over the page built
//! card by card, which the state's ready-made choices cannot warn about.
//!
//! Events, in the engine's JSON form of [`WerewolfEvent`]: `startPlayer {seat}`, `verdict {seer, target, verdict,
//! give}`, `attack {wolf, target, give}`, `transfer {from, role, handovers: [{to, take, cards}]}`, `draw {player,
//! index}`, `vote {ballots: [{voter, target}]}`; roles are `werewolf`, `seer`, `villager` and verdicts `black`,
//! `white`. The state lists the legal choices of the pending decision (ready-made events with a label), or for a
//! transfer the recipients and how many cards each can take, or for a vote every voter with whom they may point at, so
//! the page never guesses.
//!
//! Every sentence in the answer is in the language of the request's `Accept-Language` ([`Lang`]). A refused event
//! is answered in plain words, never with the engine's reason: `stale` when it answers a decision that is no
//! longer pending (a double tap, a second device, a resubmit after a reload), and the state is then the current
//! one, for the page to show. Names are checked by the engine ([`Table::seat`]): a clash or an invisible name is
//! refused with a 400 naming the players.
//!
//! A vote is one event with every alive player's ballot (R9). The page collects the ballots in secret, voter by
//! voter on the passed device, and sends them together; the server never sees a partial vote, and the log
//! shows the ballots only once they are counted.

use axum::{
    Json, Router,
    routing::{get, post},
};
use marubatsu_engine::rules::{OnRefusal, Refusal, Rules, fold};
use marubatsu_engine::werewolf::recommended::recommended_tables;
use marubatsu_engine::werewolf::{
    AttackDeath, DeathDraw, MAX_NAME_CHARS, MAX_PLAYERS, Options, Seat, SeatingError, Table, Werewolf, WerewolfEvent,
    WerewolfRefusal, WerewolfState,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{GamePage, Script, Shared};
use crate::api::{ApiError, JsonBody};
use crate::lang::Lang;
use crate::protocol::{self, Envelope, RefusalView};
use crate::words::t;

mod refusals;
mod setup_words;
mod text;
mod view;

use view::{Ending, View};

/// The quantum werewolf page.
pub(crate) const GAME: GamePage = GamePage {
    slug: "werewolf",
    title: "Quantum werewolf",
    summary: "Werewolf without a game master for 3 to 16 on one device: every role is a hand of cards, every \
              action moves cards, and the engine does the bookkeeping of who can still be what.",
    title_ja: "量子人狼",
    summary_ja: "ゲームマスターのいらない人狼。3〜16人で1台を回して遊びます。誰が何者でありうるかはエンジンが数えます。",
    page: include_str!("page.html"),
    scripts: &[
        Script::part("state", include_str!("state.js")),
        Script::part("setup", include_str!("setup.js")),
        Script::part("decision", include_str!("decision.js")),
        Script::part("vote", include_str!("vote.js")),
        Script::part("transfer", include_str!("transfer.js")),
        Script::part("players", include_str!("players.js")),
        Script::page(include_str!("script.js")),
    ],
    strings: include_str!("strings.js"),
    style: include_str!("style.css"),
    api,
    picture: super::pictures::WEREWOLF,
};

/// The most chits of one kind a player may be given; more would only lengthen the game.
const MAX_CHITS: u8 = 9;

fn api() -> Router<Shared> {
    Router::new().route("/table", get(table)).route("/replay", post(replay))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfTableInfo"))]
struct TableInfo {
    /// The default composition: werewolves, seers, villagers.
    default: [u8; 3],
    /// The default chits per player: black, white, attacks.
    default_chits: [u8; 3],
    min_players: u8,
    max_players: usize,
    max_name_chars: usize,
    /// The balance workbench's best table for each player count it covered.
    recommended: Vec<RecommendedTable>,
}

/// A table the balance workbench (`marubatsu werewolf workbench`) recommends, with its figures.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfRecommendedTable"))]
struct RecommendedTable {
    players: u8,
    composition: [u8; 3],
    chits: [u8; 3],
    attack_death: AttackDeath,
    death_draw: DeathDraw,
    /// Games that ended in a paradox, of all games simulated.
    paradox: f64,
    /// Games the village won, of the decided games.
    village_of_decided: f64,
    /// Games the werewolves won, of all games simulated: a table where they never win is not recommended.
    werewolves: f64,
    /// The rules the figures were found under, as the setup's choice: `v2`, `v3` or `v4`.
    #[cfg_attr(test, ts(type = "'v2' | 'v3' | 'v4'"))]
    rules: &'static str,
    /// Whether it met the workbench's target (paradox at most 20%, village 45–55% of decided games).
    on_target: bool,
}

async fn table() -> Json<TableInfo> {
    // The setup starts at Version 4's table, the fairest between strong sides the workbench's panel found;
    // Versions 3 and 2 stay choices.
    let default = Table::VERSION_4;
    let recommended = recommended_tables()
        .iter()
        .filter_map(|r| {
            // The page offers Versions 2, 3 and 4; a table found under other rules could not be played
            // as it was simulated.
            let rules = r.version()?;
            if r.werewolves <= 0.0 {
                return None;
            }
            let table = r.table().ok()?;
            Some(RecommendedTable {
                players: table.players(),
                composition: table.starting_hand().counts(),
                chits: [table.black(), table.white(), table.attacks()],
                attack_death: table.attack_death(),
                death_draw: table.death_draw(),
                paradox: r.paradox,
                village_of_decided: r.village_of_decided,
                werewolves: r.werewolves,
                rules,
                on_target: r.on_target,
            })
        })
        .collect();
    Json(TableInfo {
        default: default.starting_hand().counts(),
        default_chits: [default.black(), default.white(), default.attacks()],
        min_players: Table::MIN_PLAYERS,
        max_players: MAX_PLAYERS,
        max_name_chars: MAX_NAME_CHARS,
        recommended,
    })
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfReplayRequest"))]
struct ReplayRequest {
    /// Werewolves, seers, villagers per hand.
    table: [u8; 3],
    /// Chits per player (black, white, attacks); the engine's default if absent.
    #[serde(default)]
    #[cfg_attr(test, ts(optional = nullable))]
    chits: Option<[u8; 3]>,
    /// R5's reading; the spec's if absent.
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<AttackDeath>", optional))]
    attack_death: AttackDeath,
    /// R8's reading; the spec's if absent.
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<DeathDraw>", optional))]
    death_draw: DeathDraw,
    /// The rules' version or options by name ([`Options::from_name`]: `v2`, `v3`, `v4`, …); Version 2 if absent.
    #[serde(default)]
    #[cfg_attr(test, ts(optional = nullable))]
    options: Option<String>,
    /// One name per seat; blanks become "Player n".
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<Vec<String>>", optional))]
    names: Vec<String>,
    /// The accepted events so far, in the engine's JSON form. Read one by one, so that a log from another
    /// version (or edited by hand) is cut at its first unreadable event rather than refused whole.
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<Vec<WerewolfEvent>>", optional))]
    events: Vec<Value>,
    /// The new event, or `null` just to draw the state.
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<WerewolfEvent>", optional = nullable))]
    event: Option<Value>,
    /// Only try the event: answer whether it would end the game, and keep the game as it was.
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<bool>", optional))]
    preview: bool,
}

/// Werewolf's own fields beside the [`Envelope`].
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfReplayed"))]
struct Replayed {
    /// The refused event answers a decision that is no longer pending: the state shows the one that is.
    stale: bool,
    /// Why the log stopped replaying early, if it did: `log` is then the part that replayed.
    log_error: Option<String>,
    /// For a preview: the end the event would bring, or `None` when the game would go on.
    would_end: Option<Ending>,
}

/// Why an event could not be played.
#[derive(Clone, Debug)]
enum Unplayable {
    /// It is not an event in the engine's JSON form.
    Unreadable,
    /// The engine refused it.
    Refused(WerewolfRefusal),
}

impl Refusal for Unplayable {
    fn code(&self) -> &'static str {
        match self {
            Unplayable::Unreadable => "unreadable_event",
            Unplayable::Refused(error) => error.code(),
        }
    }
}

/// Reads an event and plays it.
#[expect(
    clippy::result_large_err,
    reason = "the game comes back by value beside the reason, as the engine's `Rules::transition` gives it"
)]
fn play(game: WerewolfState, event: Value) -> Result<(WerewolfState, WerewolfEvent), (WerewolfState, Unplayable)> {
    let Ok(event) = serde_json::from_value::<WerewolfEvent>(event) else {
        return Err((game, Unplayable::Unreadable));
    };
    let game = Werewolf::transition(game, &event).map_err(|(back, error)| (back, Unplayable::Refused(error)))?;
    Ok((game, event))
}

#[expect(
    clippy::result_large_err,
    reason = "the game comes back by value beside the reason, as the engine's `Rules::transition` gives it"
)]
async fn replay(
    lang: Lang,
    JsonBody(request): JsonBody<ReplayRequest>,
) -> Result<Json<Envelope<View, Replayed, Vec<WerewolfEvent>>>, ApiError> {
    let [w, s, v] = request.table;
    let mut table = Table::new(w, s, v)
        .map_err(|e| ApiError::bad_request(setup_words::table_error(&e)))?
        .with_readings(request.attack_death, request.death_draw);
    if let Some(name) = &request.options {
        let options =
            Options::from_name(name).ok_or_else(|| ApiError::bad_request(setup_words::unknown_options(name)))?;
        table = table.with_options(options);
    }
    if let Some(chits @ [black, white, attacks]) = request.chits {
        if chits.iter().any(|&n| n > MAX_CHITS) {
            return Err(ApiError::bad_request(setup_words::too_many_chits(MAX_CHITS, chits)));
        }
        table = table.with_chits(black, white, attacks);
    }
    protocol::check_length(lang, request.events.len())?;
    let names = table
        .seat(&names(&request.names, table.players(), lang))
        .map_err(|error| match error {
            SeatingError::Name(error) => ApiError::bad_request(super::relay::text::name_words(&error)),
            SeatingError::Count { names, players } => ApiError::bad_request(setup_words::name_count(names, players)),
        })?;
    let mut events: Vec<WerewolfEvent> = Vec::with_capacity(request.events.len() + 1);
    // Where the last decision's lines begin in the log: what it did is shown beside the next decision.
    let mut last_decision = None;
    let folded = fold(
        WerewolfState::new(table),
        request.events,
        OnRefusal::Stop,
        |game, event| {
            let before = game.log().len();
            let (game, event) = play(game, event)?;
            events.push(event);
            last_decision = Some(before);
            Ok(game)
        },
    );
    let log_error = folded.refused.map(|(i, _)| text::log_cut(lang, i));
    let mut game = folded.state;
    let (mut accepted, mut refusal, mut stale, mut would_end) = (false, None, false, None);
    let name_of = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_default();
    if let (true, Some(event)) = (request.preview, &request.event) {
        would_end = serde_json::from_value::<WerewolfEvent>(event.clone())
            .ok()
            .and_then(|event| Ending::after(&game, &event, &name_of, lang));
    } else if let Some(event) = request.event {
        let repeated = serde_json::from_value::<WerewolfEvent>(event.clone())
            .ok()
            .is_some_and(|e| events.last() == Some(&e));
        let before = game.log().len();
        match play(game, event) {
            Ok((next, event)) => {
                last_decision = Some(before);
                game = next;
                accepted = true;
                events.push(event);
            }
            Err((back, why)) => {
                game = back;
                let error = match &why {
                    // The last move sent again (a double tap) is stale whatever the engine says about it now.
                    _ if repeated => Some(WerewolfRefusal::GameOver),
                    Unplayable::Refused(error) => Some(error.clone()),
                    Unplayable::Unreadable => None,
                };
                let (is_stale, words) = text::refusal(error.as_ref());
                stale = is_stale;
                refusal = Some(RefusalView::said(&why, words, lang));
            }
        }
    }
    Ok(Json(Envelope {
        accepted,
        refusal,
        state: View::of(&game, &names, lang, last_decision),
        log: Some(events),
        extra: Replayed {
            stale,
            log_error,
            would_end,
        },
    }))
}

/// One name per seat, as given, or "Player n" (in `lang`) for a seat left blank.
fn names(given: &[String], players: u8, lang: Lang) -> Vec<String> {
    (0..usize::from(players))
        .map(|i| match given.get(i).map(|n| n.trim()) {
            Some(name) if !name.is_empty() => name.to_owned(),
            _ => t(lang, "werewolf.setup.player", &[("n", &(i + 1))]),
        })
        .collect()
}

/// The wire's TypeScript declarations: the views and requests of this game's endpoints.
#[cfg(test)]
pub(crate) fn wire_declarations(config: &ts_rs::Config) -> Vec<String> {
    use marubatsu_engine::werewolf::{
        Ballot, ChitKind, HandOver, PendingKind, Phase, Role, Seat, Side, Verdict, WerewolfEvent,
    };
    use ts_rs::TS;
    let mut declarations = vec![
        Seat::decl(config),
        Role::decl(config),
        ChitKind::decl(config),
        Verdict::decl(config),
        Phase::decl(config),
        PendingKind::decl(config),
        Side::decl(config),
        AttackDeath::decl(config),
        DeathDraw::decl(config),
        HandOver::decl(config),
        Ballot::decl(config),
        WerewolfEvent::decl(config),
        RecommendedTable::decl(config),
        TableInfo::decl(config),
        ReplayRequest::decl(config),
        Replayed::decl(config),
    ];
    declarations.extend(view::wire_declarations(config));
    declarations
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_read_from_json_and_round_trip() {
        for json in [
            r#"{"type":"startPlayer","seat":3}"#,
            r#"{"type":"verdict","seer":0,"target":1,"verdict":"black","give":"villager"}"#,
            r#"{"type":"verdict","seer":0,"target":1,"verdict":"white","give":null}"#,
            r#"{"type":"attack","wolf":2,"target":5,"give":"seer"}"#,
            r#"{"type":"transfer","from":1,"role":"werewolf","handovers":[{"to":0,"take":"villager","cards":2}]}"#,
            r#"{"type":"draw","player":4,"index":7}"#,
            r#"{"type":"vote","ballots":[{"voter":0,"target":3},{"voter":3,"target":0}]}"#,
            r#"{"type":"vote","ballots":[]}"#,
        ] {
            let event: WerewolfEvent = serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"));
            assert_eq!(serde_json::to_string(&event).ok().as_deref(), Some(json));
        }
        for json in [
            r#"{"type":"verdict","seer":0,"target":1,"verdict":"grey","give":null}"#,
            r#"{"type":"vote","voter":0,"target":3}"#,
            r#"{"type":"vote","ballots":[{"voter":0}]}"#,
            r#"{"type":"vote","ballots":[{"voter":0,"target":1,"secret":true}]}"#,
            r#"{"type":"draw","player":4,"index":7,"extra":1}"#,
            r#"{"type":"fly"}"#,
            r#"{"type":"startPlayer","seat":16}"#,
            r#"{"type":"vote","ballots":[{"voter":0,"target":200}]}"#,
        ] {
            assert!(serde_json::from_str::<WerewolfEvent>(json).is_err(), "{json}");
        }
    }

    #[test]
    fn blank_seats_are_named_in_the_players_language_counting_from_one() {
        let given = vec!["  Mika ".to_string(), String::new()];
        assert_eq!(names(&given, 3, Lang::En), ["Mika", "Player 2", "Player 3"]);
        assert_eq!(names(&given, 3, Lang::Ja), ["Mika", "プレイヤー2", "プレイヤー3"]);
    }
}
