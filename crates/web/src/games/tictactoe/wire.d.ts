// The tic-tac-toe API's answers as the page reads them (crates/web/src/games/tictactoe/view.rs).

type Difficulty = string;
type Role = string;
type PvpAction = string;
type PvpStatus = string;
type SoloResult = string;

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
  difficulty: Difficulty;
  cpuFirst: boolean;
  playerMark: string;
  cpuMark: string;
  cells: (string | null)[];
  result: SoloResult;
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
  status: PvpStatus;
  statusWords: string;
  cells: (string | null)[];
  line: number[] | null;
  toMove: 'X' | 'O' | null;
  toMoveAccount: string | null;
  deadline: number | null;
  now: number;
  secondsLeft: number | null;
  moverHasMoved: boolean;
  role: Role;
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
  played: number;
  rejected: string | null;
}
