// Generated from the Rust types by crates/web/src/wire_types.rs: do not edit.
// The tictactoe page's wire: its views, requests and the engine's events, as serde writes and reads them.

type Difficulty = "easy" | "normal" | "hard";

type SoloResult = "inProgress" | "playerWon" | "cpuWon" | "draw";

type PvpStatus = "open" | "active" | "xWon" | "oWon" | "draw" | "cancelled" | "aborted";

type PvpEnding = "win" | "draw" | "timeout" | "resignation" | "abort" | "cancellation";

type PvpRole = "X" | "O" | "invited" | "open" | "watcher";

type PvpAction = "join" | "cancel" | "play" | "claimTimeout" | "resign";

type ChainView = { 
/**
 * Names this run of the server: a page that kept a game of the embedded chain compares it first.
 */
instance: string, 
/**
 * `rpc` (players sign with their wallets) or `embedded` (the in-process chain, an account per browser).
 */
mode: 'rpc' | 'embedded', chainId: number, solo: string, pvp: string, 
/**
 * Embedded mode: this browser's account (the server sends from it, and only for this browser).
 */
account: string | null, block: number, timestamp: number, 
/**
 * The chain's usual seconds between blocks, when it is a chain known by name that keeps a pace (a count of
 * blocks is then also said as time); null on a development chain, which mines for transactions.
 */
blockSeconds: number | null, 
/**
 * Whether the PvP contract has time banks (`ITicTacToeTimeBank`); a contract that speaks only `ITicTacToe`
 * has none, and the page offers none.
 */
timeBanks: boolean, 
/**
 * The deployment's `claimBlocks`: the blocks a late move may still land in, each turn (null if unread).
 */
claimBlocks: number | null, };

type HeadView = { block: number, timestamp: number, };

type SoloView = { id: number, player: string, difficulty: Difficulty | 'unknown', cpuFirst: boolean, playerMark: string, cpuMark: string, 
/**
 * Nine entries, row by row: `"X"`, `"O"` or `null`.
 */
cells: Array<string | null>, 
/**
 * `inProgress`, `playerWon`, `cpuWon` or `draw`, as the contract stores it.
 */
result: SoloResult | 'unknown', 
/**
 * The winning line's cells, if someone won.
 */
line: [number, number, number] | null, };

type PvpView = { id: number, creator: string, 
/**
 * O: the joiner, or while open the only account invited (`null`: anyone may join).
 */
opponent: string | null, stake: string, stakeWords: string, timeout: number, timeoutWords: string, 
/**
 * A stake under a time limit short enough to be lost to a censored transaction: the joiner is warned.
 */
shortClock: boolean, 
/**
 * `open`, `active`, `xWon`, `oWon`, `draw`, `cancelled` or `aborted`.
 */
status: PvpStatus | 'unknown', statusWords: string, cells: Array<string | null>, line: [number, number, number] | null, 
/**
 * How a finished game ended; null while it is played (or when the node cannot say whether a win without a
 * line was on time or a resignation).
 */
endedBy: PvpEnding | null, 
/**
 * `"X"` or `"O"` while someone is to move.
 */
toMove: 'X' | 'O' | null, toMoveAccount: string | null, 
/**
 * The last second the player to move may move (unix time), and the latest block's time.
 */
deadline: number | null, now: number, secondsLeft: number | null, 
/**
 * Whether the player to move has moved before: then a missed deadline loses; else it aborts the game.
 */
moverHasMoved: boolean, 
/**
 * The latest block's number.
 */
headBlock: number, 
/**
 * Past the deadline (as of the next block, where anything sent now lands at the earliest): the first block in
 * which a timeout claim can land, once the contract's claim blocks have passed; until then the late player may
 * still move. Null before the deadline and once the game is over.
 */
claimBlock: number | null, 
/**
 * The viewer: `X`, `O`, `invited` (may join), `open` (anyone may join) or `watcher`.
 */
role: PvpRole, 
/**
 * What the viewer can do now, in the order the page offers them.
 */
can: Array<PvpAction>, 
/**
 * The game's time bank; null for a game without one, or on a contract without banks.
 */
timeBank: TimeBankView | null, };

type TimeBankView = { 
/**
 * The bank each player started with, and its words (`1 hour`).
 */
bank: number, bankWords: string, 
/**
 * What is left of X's and O's banks, as they stood when the current turn began.
 */
xBank: number, oBank: number, xBankWords: string, oBankWords: string, 
/**
 * The seconds of every move that no bank pays for.
 */
freeSeconds: number, 
/**
 * When the current turn starts spending the mover's bank (unix time): null while nobody is to move, or when
 * the turn's time limit ends within its free seconds.
 */
spendingFrom: number | null, 
/**
 * The whole game's bound, as a sentence.
 */
boundWords: string, };

type BalanceView = { account: string, pending: string, pendingWords: string, 
/**
 * The account's own ether, for the page's "enough for the stake?" line.
 */
wallet: string, walletWords: string, };

type OracleView = { cell: number, words: string, };

type TxReplacement = { hash: string, to: string | null, data: string, value: string, 
/**
 * Not a call to one of the games (a wallet's cancel is a transfer of nothing to oneself): nothing happened.
 */
cancel: boolean, };

type TxReading = { 
/**
 * `unknown` (the node does not know it; `nonce_free` says whether it can still be mined), `pending`,
 * `confirmed` or `reverted` (of the replacement, if `replacement` is set), or `superseded` (another
 * transaction of the account took its nonce, and the node cannot say which).
 */
state: 'unknown' | 'pending' | 'confirmed' | 'reverted' | 'superseded', 
/**
 * The transaction's nonce, when the node knows it.
 */
nonce: number | null, 
/**
 * Unknown: no transaction of the account, mined or waiting, has its nonce yet.
 */
nonceFree: boolean | null, 
/**
 * Pending: another transaction of the account waits in the pool at its nonce (a speed-up or a cancel).
 */
replacing: boolean, 
/**
 * The transaction mined at its nonce instead (what `state` and the events describe then).
 */
replacement: TxReplacement | null, block: number | null, gasUsed: number | null, 
/**
 * Gas used × effective gas price, in wei.
 */
feeWei: string | null, from: string | null, 
/**
 * The game the transaction was about, from its events.
 */
game: number | null, 
/**
 * Solo: the CPU's cell in this transaction.
 */
cpuCell: number | null, 
/**
 * What happened, one sentence of the catalog's per event, worded by the page.
 */
events: Array<WireWords>, 
/**
 * Reverted: why, as the catalog's sentence the page words, and the custom error's name.
 */
reason: WireWords | null, errorName: string | null, };

type HotSeatView = { cells: Array<string | null>, 
/**
 * `"X"` or `"O"`, or `null` once the game is over.
 */
toMove: 'X' | 'O' | null, 
/**
 * `"X"` or `"O"` if that side has a line.
 */
winner: 'X' | 'O' | null, draw: boolean, line: [number, number, number] | null, };

type TictactoeAction = { "action": "newSolo", 
/**
 * The engine's level, read by its serde form (`easy`, `normal`, `hard`).
 */
difficulty: Difficulty, cpuFirst: boolean, } | { "action": "playSolo", game: number, cell: number, } | { "action": "create", stake: string, timeout: number, opponent?: string | null, 
/**
 * The account that will send it, when the page knows it: inviting oneself is refused before a wallet
 * is asked.
 */
from?: string | null, 
/**
 * Each player's time bank in seconds (`ITicTacToeTimeBank`); none (or absent): a game without one,
 * created through `ITicTacToe`.
 */
timeBank?: number | null, } | { "action": "join", game: number, timeBank?: number | null, } | { "action": "play", game: number, cell: number, } | { "action": "claimTimeout", game: number, } | { "action": "resign", game: number, } | { "action": "cancel", game: number, } | { "action": "withdraw" };

type EncodedTx = { to: string, data: string, 
/**
 * Wei, as a `0x` quantity, as EIP-1193 wants it.
 */
value: string, 
/**
 * What it does, in words, for the status line and the wallet's confirmation.
 */
summary: string, };

type SendRequest = { to: string, data: string, value?: string, };

type SentTxHash = { hash: string, };

type ExplainRequest = { to: string, data: string, };

type Explained = { errorName: string, 
/**
 * Why, as the catalog's sentence the page words.
 */
reason: WireWords, };

type HotSeatRequest = { moves: Array<number>, };

type HotSeatPlayed = { 
/**
 * How many of the moves sent were played (all, unless one was refused).
 */
played: number, };
