// What tic-tac-toe's scripts share on `window.Tictactoe`, for the type checker only (never served): state.js makes
// the object and each part adds its functions, checked against these signatures where it does. What the server
// sends and reads is generated from the Rust types into wire.gen.d.ts.

type TictactoeMode = 'solo' | 'pvp' | 'hotseat';

/** What the board draws, whatever the mode. */
interface BoardState {
  cells: (string | null)[];
  playable: boolean;
  last: number | null;
  line: number[] | null;
  hint?: number | null;
  result: string;
  ready: boolean;
  status: string;
  error?: boolean;
}

/** What `/api/tictactoe/hotseat` answers: the envelope, and how many of the moves sent were played. */
type HotSeatAnswer = Envelope<HotSeatView, HotSeatPlayed>;

/** A sent transaction: its hash, and the account, nonce and block it was sent from (for a replacement). */
interface SentTx {
  hash: string;
  action: TictactoeAction;
  scope: string | null;
  summary: string;
  from?: string | null;
  nonce?: number | null;
  since?: number | null;
  to?: string;
  data?: string;
  value?: string;
  dropped?: boolean;
}

interface TictactoeState {
  mode: TictactoeMode;
  settings: { difficulty: Difficulty; cpuFirst: boolean };
  /** The server's chain: mode, chain id, contracts (embedded: this browser's account). */
  info: ChainView | null;
  infoError: string | null;
  /** The solo game as the contract has it. */
  solo: SoloView | null;
  /** The page's record of that game's transactions. */
  soloTurns: MinedEntry[];
  soloError: string | null;
  soloReadAt: number;
  soloReads: number;
  pvpId: number | null;
  /** The PvP game as the contract has it, for this viewer. */
  pvp: PvpView | null;
  blockSeenAt: number;
  pvpError: string | null;
  pvpLog: LoggedTx[];
  balance: BalanceView | null;
  oracle: { cell: number | null; words: string } | null;
  hotseatMoves: number[];
  hotseat: HotSeatView | null;
  busy: boolean;
  cursor: number;
  /** The transaction in flight, kept in localStorage until what became of it is read. */
  pending: SentTx | null;
  /** A transaction the node dropped, kept until the player sends it again or forgets it. */
  dropped: SentTx | null;
  /** What does not answer: the chain's node (the server says 503) or the server itself; null while both do. */
  nodeDown: 'node' | 'server' | null;
  /** The server found the game contracts gone from the node's chain: nothing may be sent. */
  contractsGone: boolean;
  /** Failed asks of the node in a row (node.js): the notice rises only after `NODE_FAILURES`. */
  nodeFailures: number;
  /** The transaction line is red because the node or server did not answer: it goes when they answer again. */
  txFromNode: boolean;
  /** The latest block the page has heard of. */
  head: number | null;
  /** The hash of the mined transaction watched for a reorg (transactions.js). */
  watching: string | null;
}

/** A mined transaction in a list: its gas, its fee in wei (gas used × effective gas price) and its hash. */
interface MinedEntry {
  player: number | null;
  cpu: number | null;
  gas: number | null;
  fee?: string | null;
  hash?: string;
}

/** A PvP transaction in the "Transactions and gas" list. */
interface LoggedTx {
  action: TictactoeAction['action'];
  cell: number | null;
  block: number | null;
  gas: number | null;
  fee: string | null;
  hash: string;
}

interface TictactoeNamespace {
  keys: Record<'mode' | 'solo' | 'pvp' | 'pending' | 'settings' | 'hotseat' | 'movesAsked', string>;
  POLL_MS: number;
  DROP_MS: number;
  SOLO_POLL_MS: number;
  NODE_POLL_MS: number;
  NODE_FAILURES: number;
  REORG_DEPTH: number;
  REORG_WATCH_MS: number;
  el: {
    $(selector: string): HTMLElement;
    board: HTMLElement;
    status: HTMLElement;
    tx: HTMLElement;
    turnsBody: HTMLElement;
    chainInfo: HTMLElement;
    wallet: HTMLElement;
    walletStatus: HTMLElement;
    connect: HTMLElement;
    switchChain: HTMLElement;
    panels: Record<TictactoeMode, HTMLElement>;
    modeButtons: HTMLElement[];
    difficultyButtons: HTMLElement[];
    firstButtons: HTMLElement[];
    cells: HTMLElement[];
  };
  S: TictactoeState;
  wallet: {
    provider: Eip1193Provider | null;
    name: string | null;
    account: string | null;
    chainId: number | null;
    searched: boolean;
  };
  T(key: string, params?: Record<string, unknown>): string;
  where(cell: number): string;
  shortAddress(address: string | null): string;
  // wallet.js
  discoverWallet(): Promise<void>;
  connectWallet(): Promise<void>;
  switchChain(): Promise<void>;
  sender(): string | null;
  renderWallet(): void;
  walletTodo(): string | null;
  shown(address: string | null): string;
  // node.js
  unanswered(error: any): boolean;
  noteFailure(error: any): void;
  noteContractsGone(error: any): boolean;
  checkNode(): Promise<void>;
  renderNode(): void;
  // script.js
  start(): Promise<void>;
  // transactions.js
  setTx(state: string, text: string): void;
  refusedWords(error: any, what: string): string;
  scope(): string | null;
  transact(action: TictactoeAction): Promise<any>;
  follow(tx: SentTx, line?: string): Promise<any>;
  forget(): void;
  sendAgain(): void;
  // solo.js
  newSolo(): Promise<void>;
  loadSolo(id: number, check?: boolean): Promise<void>;
  playSolo(cell: number): void;
  restoreSolo(): boolean;
  maybeStartSolo(): void;
  soloState(): BoardState;
  renderTurns(): void;
  // status.js
  clockWords(seconds: number): string;
  shortEther(wei: bigint): string;
  claimWait(pvp: PvpView, blockSeconds: number | null, T: (key: string, params?: Record<string, unknown>) => string): string;
  claimBlocksToGo(pvp: PvpView): number | null;
  pvpStatus(
    pvp: PvpView | null,
    page: { pvpId: number | null; pvpError: string | null; left: number | null; blockSeconds?: number | null },
    T: (key: string, params?: Record<string, unknown>) => string,
  ): string;
  // bank.js
  durationWords(seconds: number, T: (key: string, params?: Record<string, unknown>) => string): string;
  createBound(timeout: number, bank: number | null, claimBlocks: number | null,
    T: (key: string, params?: Record<string, unknown>) => string): string;
  bankLines(pvp: PvpView, now: number, T: (key: string, params?: Record<string, unknown>) => string): string;
  // pvp.js
  openPvp(id: number): void;
  leavePvp(): void;
  refreshPvp(): Promise<void>;
  pvpAction(action: Exclude<PvpAction, 'play'>): void;
  createPvp(event: Event): void;
  chooseSolo(): void;
  etherWords(wei: bigint): string;
  roundFee(wei: bigint): bigint;
  askOracle(): Promise<void>;
  playPvp(cell: number): void;
  pvpState(): BoardState;
  renderPvp(): void;
  renderBound(): void;
  // hotseat.js
  sendHotseat(effect: string | null): Promise<void>;
  playHotseat(cell: number): void;
  hotseatState(): BoardState;
  // render.js
  play(cell: number): void;
  setBusy(value: boolean): void;
  render(): void;
  newGame(): void;
}

interface Window {
  Tictactoe: TictactoeNamespace;
}
