// The tic-tac-toe API's answers as the page reads them (crates/web/src/games/tictactoe/view.rs), for the type
// checker only. The words below are the engine's serde enums (marubatsu_engine::tictactoe): wire.json lists their
// spellings, written by crates/web/tests/it/tictactoe_wire.rs from the engine, and
// crates/web/tests/js/wire.test.mjs checks that each union here says exactly those words. A page that
// compares with a word no union has fails `tsc`.

/** The CPU's level (`Difficulty`). */
type Difficulty = 'easy' | 'normal' | 'hard';
/** Where a solo game stands (`SoloResult`). */
type SoloResult = 'inProgress' | 'playerWon' | 'cpuWon' | 'draw';
/** Where a PvP game stands (`PvpStatus`). */
type PvpStatus = 'open' | 'active' | 'xWon' | 'oWon' | 'draw' | 'cancelled' | 'aborted';
/** How a PvP game ended (`PvpEnding`). */
type PvpEnding = 'win' | 'draw' | 'timeout' | 'resignation' | 'abort' | 'cancellation';
/** Who looks at a PvP game (`PvpRole`). */
type PvpRole = 'X' | 'O' | 'invited' | 'open' | 'watcher';
/** What the viewer may do to a PvP game (`PvpAction`). */
type PvpAction = 'join' | 'cancel' | 'play' | 'claimTimeout' | 'resign';
/** What the server says for a value from the contract the engine has no name for. */
type Unknown = 'unknown';

interface ChainView {
  instance: string;
  mode: 'rpc' | 'embedded';
  chainId: number;
  solo: string;
  pvp: string;
  account: string | null;
  block: number;
  timestamp: number;
}

interface SoloView {
  id: number;
  player: string;
  difficulty: Difficulty | Unknown;
  cpuFirst: boolean;
  playerMark: string;
  cpuMark: string;
  cells: (string | null)[];
  result: SoloResult | Unknown;
  line: number[] | null;
}

interface PvpView {
  id: number;
  creator: string;
  opponent: string | null;
  stake: string;
  stakeWords: string;
  timeout: number;
  timeoutWords: string;
  shortClock: boolean;
  status: PvpStatus | Unknown;
  statusWords: string;
  cells: (string | null)[];
  line: number[] | null;
  /** How a finished game ended (null while it is played, or when the node cannot say). */
  endedBy: PvpEnding | null;
  toMove: 'X' | 'O' | null;
  toMoveAccount: string | null;
  deadline: number | null;
  now: number;
  secondsLeft: number | null;
  moverHasMoved: boolean;
  role: PvpRole;
  can: PvpAction[];
}

interface BalanceView {
  account: string;
  pending: string;
  pendingWords: string;
  walletWords: string;
}

interface HotSeatView {
  cells: (string | null)[];
  toMove: 'X' | 'O' | null;
  winner: 'X' | 'O' | null;
  draw: boolean;
  line: number[] | null;
}

/** What `/api/tictactoe/hotseat` answers: the envelope, and how many of the moves sent were played. */
type HotSeatAnswer = Envelope<HotSeatView, { played: number }>;

/** What became of a sent transaction (`GET /api/tictactoe/tx/{hash}`, the server's `TxView`). */
interface TxReading {
  state: 'unknown' | 'pending' | 'confirmed' | 'reverted' | 'superseded';
  nonce: number | null;
  nonceFree: boolean | null;
  replacing: boolean;
  replacement: { hash: string; to: string | null; data: string; value: string; cancel: boolean } | null;
  block: number | null;
  gasUsed: number | null;
  feeWei: string | null;
  from: string | null;
  game: number | null;
  cpuCell: number | null;
  events: string[];
  reason: string | null;
  errorName: string | null;
}
