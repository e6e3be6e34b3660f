// Generated from the Rust types by crates/web/src/wire_types.rs: do not edit.
// The werewolf page's wire: its views, requests and the engine's events, as serde writes and reads them.

type Seat = number;

type WerewolfRole = "werewolf" | "seer" | "villager";

type ChitKind = "black" | "white" | "attack";

type WerewolfVerdict = "black" | "white";

type WerewolfPhase = "seer" | "attack" | "vote";

type WerewolfPendingKind = "startPlayer" | "verdict" | "attack" | "transfer" | "draw" | "vote";

type WerewolfSide = "village" | "werewolves" | "paradox";

type WerewolfAttackDeath = "any-chits" | "two-wolves";

type WerewolfDeathDraw = "after-transfers" | "before-transfers";

type WerewolfSlot = { 
/**
 * The receiving player.
 */
to: Seat, 
/**
 * The role the giver takes back from `to`, one card per card handed over.
 */
take: WerewolfRole, 
/**
 * How many cards, at least 1.
 */
cards: number, };

type WerewolfBallotCast = { 
/**
 * The alive player voting.
 */
voter: Seat, 
/**
 * The player pointed at: one of the candidates, never the voter.
 */
target: Seat, };

type WerewolfEvent = { "type": "startPlayer", 
/**
 * The winner; must be one of the tied players.
 */
seat: Seat, } | { "type": "verdict", 
/**
 * The acting player, whose turn it is.
 */
seer: Seat, 
/**
 * The marked player.
 */
target: Seat, 
/**
 * The colour of the chit.
 */
verdict: WerewolfVerdict, 
/**
 * The card the seer gives in exchange for one of the target's seer cards: `None` exactly when no
 * exchange is possible, else one of the roles that may be given.
 */
give: WerewolfRole | null, } | { "type": "attack", 
/**
 * The acting player, whose turn it is.
 */
wolf: Seat, 
/**
 * The attacked player.
 */
target: Seat, 
/**
 * The card given in exchange for one of the target's werewolf cards, as for a verdict.
 */
give: WerewolfRole | null, } | { "type": "transfer", 
/**
 * The player who owes the transfer.
 */
from: Seat, 
/**
 * The lost role.
 */
role: WerewolfRole, 
/**
 * The hand-overs in canonical form: strictly increasing by `(to, take)`, each of at least one card,
 * together exactly the cards of `role` that `from` holds.
 */
handovers: Array<WerewolfSlot>, } | { "type": "draw", 
/**
 * The dead player.
 */
player: Seat, 
/**
 * `0..N`: which card, counting W cards first, then S, then V.
 */
index: number, } | { "type": "vote", 
/**
 * The ballots in canonical form: exactly one per alive player, in increasing seat order of the voters,
 * each pointing at a candidate other than the voter.
 */
ballots: Array<WerewolfBallotCast>, };

type WerewolfRecommendedTable = { players: number, composition: [number, number, number], chits: [number, number, number], attackDeath: WerewolfAttackDeath, deathDraw: WerewolfDeathDraw, 
/**
 * Games that ended in a paradox, of all games simulated.
 */
paradox: number, 
/**
 * Games the village won, of the decided games.
 */
villageOfDecided: number, 
/**
 * Games the werewolves won, of all games simulated: a table where they never win is not recommended.
 */
werewolves: number, 
/**
 * The rules the figures were found under, as the setup's choice: `v2`, `v3` or `v4`.
 */
rules: 'v2' | 'v3' | 'v4', 
/**
 * Whether it met the workbench's target (paradox at most 20%, village 45–55% of decided games).
 */
onTarget: boolean, };

type WerewolfTableInfo = { 
/**
 * The default composition: werewolves, seers, villagers.
 */
default: [number, number, number], 
/**
 * The default chits per player: black, white, attacks.
 */
defaultChits: [number, number, number], minPlayers: number, maxPlayers: number, maxNameChars: number, 
/**
 * The balance workbench's best table for each player count it covered.
 */
recommended: Array<WerewolfRecommendedTable>, };

type WerewolfReplayRequest = { 
/**
 * Werewolves, seers, villagers per hand.
 */
table: [number, number, number], 
/**
 * Chits per player (black, white, attacks); the engine's default if absent.
 */
chits?: [number, number, number] | null, 
/**
 * R5's reading; the spec's if absent.
 */
attackDeath?: WerewolfAttackDeath, 
/**
 * R8's reading; the spec's if absent.
 */
deathDraw?: WerewolfDeathDraw, 
/**
 * The rules' version or options by name ([`Options::from_name`]: `v2`, `v3`, `v4`, …); Version 2 if absent.
 */
options?: string | null, 
/**
 * One name per seat; blanks become "Player n".
 */
names?: Array<string>, 
/**
 * The accepted events so far, in the engine's JSON form. Read one by one, so that a log from another
 * version (or edited by hand) is cut at its first unreadable event rather than refused whole.
 */
events?: Array<WerewolfEvent>, 
/**
 * The new event, or `null` just to draw the state.
 */
event?: WerewolfEvent | null, 
/**
 * Only try the event: answer whether it would end the game, and keep the game as it was.
 */
preview?: boolean, };

type WerewolfReplayed = { 
/**
 * The refused event answers a decision that is no longer pending: the state shows the one that is.
 */
stale: boolean, 
/**
 * Why the log stopped replaying early, if it did: `log` is then the part that replayed.
 */
logError: string | null, 
/**
 * For a preview: the end the event would bring, or `None` when the game would go on.
 */
wouldEnd: Ending | null, };

type WerewolfChit = { owner: Seat, kind: ChitKind, count: number, };

type WerewolfPlayer = { seat: Seat, name: string, alive: boolean, 
/**
 * Cards per role: werewolf, seer, villager.
 */
hand: [number, number, number], 
/**
 * The chances of each role: the share of the worlds that fit (`null` when none does).
 */
chances: [[number, number], [number, number], [number, number]] | null, lost: Array<WerewolfRole>, fixed: WerewolfRole | null, 
/**
 * Unused chits: black, white, attack.
 */
chitsLeft: [number, number, number], 
/**
 * The chits lying in front of this player.
 */
chits: Array<WerewolfChit>, 
/**
 * Roles lost but still held: transfers owed.
 */
owes: Array<WerewolfRole>, };

type WerewolfPendingDetails = { "kind": "startPlayer", tied: Array<Seat>, phase: WerewolfPhase, } | { "kind": "verdict", player: Seat, } | { "kind": "attack", player: Seat, } | { "kind": "transfer", player: Seat, 
/**
 * Cards owed.
 */
cards: number, } | { "kind": "draw", dead: Seat, 
/**
 * Cards in the dead player's hand.
 */
cards: number, 
/**
 * The cards that may be drawn, by index: all of them, unless the table refuses contradictions and
 * some card is of a role no world gives the dead player.
 */
indices: Array<number>, 
/**
 * Each index's weight, in the same order: the page draws index i with probability weights[i] ÷ their
 * sum (at most 2³², for the page's uniform draw). All equal under Versions 2 and 3 (a card); under
 * Version 4 a role's cards weigh the consistent deals that give it, so a role comes up as often as its
 * chance shown.
 */
weights: Array<number>, } | { "kind": "vote", 
/**
 * The run-off number (0 for the first vote).
 */
runoff: number, candidates: Array<Seat>, };

type WerewolfPending = { prompt: string, } & ({ "kind": "startPlayer", tied: Array<Seat>, phase: WerewolfPhase, } | { "kind": "verdict", player: Seat, } | { "kind": "attack", player: Seat, } | { "kind": "transfer", player: Seat, 
/**
 * Cards owed.
 */
cards: number, } | { "kind": "draw", dead: Seat, 
/**
 * Cards in the dead player's hand.
 */
cards: number, 
/**
 * The cards that may be drawn, by index: all of them, unless the table refuses contradictions and
 * some card is of a role no world gives the dead player.
 */
indices: Array<number>, 
/**
 * Each index's weight, in the same order: the page draws index i with probability weights[i] ÷ their
 * sum (at most 2³², for the page's uniform draw). All equal under Versions 2 and 3 (a card); under
 * Version 4 a role's cards weigh the consistent deals that give it, so a role comes up as often as its
 * chance shown.
 */
weights: Array<number>, } | { "kind": "vote", 
/**
 * The run-off number (0 for the first vote).
 */
runoff: number, candidates: Array<Seat>, });

type Ending = { 
/**
 * `village`, `werewolves` or `paradox`.
 */
side: WerewolfSide, 
/**
 * The warning, in the player's language.
 */
warning: string, };

type WerewolfChoice = { target: Seat, label: string, event: WerewolfEvent, 
/**
 * What ending the game this choice would cause, said before it is made; `None` when the game goes on.
 */
ends: Ending | null, };

type WerewolfTarget = { target: Seat, label: string, };

type WerewolfBallot = { voter: Seat, targets: Array<WerewolfTarget>, };

type WerewolfTransfer = { from: Seat, role: WerewolfRole, cards: number, 
/**
 * What the debtor is asked, in the player's language.
 */
prompt: string, 
/**
 * Every (recipient, role taken back) pair that can take cards, in canonical order, with its limit.
 */
slots: Array<WerewolfSlot>, 
/**
 * The one legal transfer, when there is only one.
 */
only: Extract<WerewolfEvent, { type: 'transfer' }> | null, 
/**
 * The end that one transfer would bring, said before it is made.
 */
onlyEnds: Ending | null, };

type WerewolfLogLine = { round: number, rule: WerewolfRule, 
/**
 * The happening, as a sentence the page words.
 */
text: WireWords, };

type WerewolfOutcome = { 
/**
 * `village`, `werewolves`, `all-dead`, `paradox-transfer`, `paradox-no-role` or `paradox-vote`.
 */
end: string, 
/**
 * `village`, `werewolves` or `paradox`.
 */
side: WerewolfSide, 
/**
 * The rule, as a small reference beside the sentence.
 */
rule: WerewolfRule, title: string, text: string, winners: Array<Seat>, winnersText: string, };

type WerewolfRefused = { 
/**
 * The player it is about: the marked or attacked player, or the dead whose card it is.
 */
target: Seat, 
/**
 * What the answer's button would say.
 */
label: string, 
/**
 * Why it is refused, as a sentence.
 */
reason: string, };

type WerewolfView = { round: number, phase: WerewolfPhase, 
/**
 * The round and phase, or the end, as a sentence.
 */
status: string, players: Array<WerewolfPlayer>, pending: WerewolfPending | null, 
/**
 * The legal events of the pending decision, labelled (empty for transfers, draws and votes).
 */
choices: Array<WerewolfChoice>, 
/**
 * The marks, attacks and cards the rules would take but the table refuses (no world would fit after them),
 * each with its reason: the page shows them greyed, never silently missing.
 */
refused: Array<WerewolfRefused>, 
/**
 * A pending vote's voters in seat order, each with whom they may point at (empty for other decisions).
 */
ballots: Array<WerewolfBallot>, 
/**
 * The options of every transfer that may be made now, the pending one first: R7 lets any ready debtor go
 * first, and the table chooses who.
 */
transfers: Array<WerewolfTransfer>, log: Array<WerewolfLogLine>, 
/**
 * What the last decision did: its own line and every consequence, the log's tail since it was made (empty
 * before the first), the deciding line (the end, else a death) moved first. The page shows it beside the
 * next decision, where the table looks.
 */
last: Array<WerewolfLogLine>, outcome: WerewolfOutcome | null, };
