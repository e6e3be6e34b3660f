// Generated from the Rust types by crates/web/src/wire_types.rs: do not edit.
// The relay page's wire: its views, requests and the engine's events, as serde writes and reads them.

type RelayPhase = "setup" | "topicReveal" | "talk" | "handover" | "vote" | "roundResult" | "finalResult";

type RelayLimits = { minPlayers: number, maxPlayers: number, maxNameChars: number, minRounds: number, maxRounds: number, minTalkSeconds: number, maxTalkSeconds: number, maxOwnTopics: number, maxTopicChars: number, };

type Standing = { player: number, name: string, score: number, rank: number, };

type RelayView = { phase: RelayPhase, players: Array<string>, 
/**
 * From 1.
 */
round: number | null, rounds: number | null, lastRound: boolean, talkSeconds: number | null, topic: string | null, 
/**
 * Whether this round's one redraw is used.
 */
redrawn: boolean, scores: Array<number>, 
/**
 * The speaking (and voting) order of the round, as seats.
 */
order: Array<number>, turn: number | null, speaker: number | null, deadlineMs: number | null, 
/**
 * Whether the speaker's clock is paused.
 */
paused: boolean, 
/**
 * While paused, the time the speaker has left (it does not run down); `null` while the clock runs.
 */
pausedLeftMs: number | null, nextVoter: number | null, voter: number | null, 
/**
 * The ballot: every seat but the voter's.
 */
candidates: Array<number>, selected: number | null, roundVotes: Array<number>, standings: Array<Standing>, };

type RelayEvent = { "type": "start", players: Array<string>, rounds: number, talkSeconds: number, } | { "type": "redraw", } | { "type": "beginTalk", nowMs: number, } | { "type": "pause", nowMs: number, } | { "type": "resume", nowMs: number, } | { "type": "talkDone", nowMs: number, turn?: number | null, } | { "type": "received", } | { "type": "select", target: number, } | { "type": "confirm", } | { "type": "nextRound", } | { "type": "restart", } | { "type": "abandon", };

type RelayStepRequest = { 
/**
 * The save is the server's: the page keeps it and sends it back unread.
 * The saved envelope, or `null` for a new tab.
 */
save: unknown, 
/**
 * The event, or `null` just to load the saved game.
 */
event?: RelayEvent | null, 
/**
 * Random words from the page, for the topic and the order.
 */
entropy?: Array<number>, 
/**
 * `ja` or `en`: the language of the topics drawn; the request's language if absent.
 */
language?: string | null, 
/**
 * The table's own topics as typed, one a line: drawn before the deck.
 */
ownTopics?: Array<string>, };

type RelaySaved = { 
/**
 * The save to keep and send back with the next event.
 */
save: unknown, 
/**
 * Why the saved game could not be restored (the answer is then about a new game).
 */
restoreError: string | null, };
