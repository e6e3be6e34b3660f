// What quantum werewolf's scripts share on `window.Werewolf`, for the type checker only (never served): state.js
// makes the object and each part adds its functions, checked against these signatures where it does. What the
// server sends and reads is generated from the Rust types into wire.gen.d.ts.

interface WerewolfState {
  /** The server's table limits and recommended tables (`GET /api/werewolf/table`), defaults until it answers. */
  limits: any;
  /** The chits and readings of a recommended table, kept until the cards are set by hand again. */
  rules: { chits: number[]; attackDeath: string; deathDraw: string } | null;
  /** The game this tab keeps: table, rules, names, events, and the ballots collected so far. */
  saved: any;
  /** The state the server last drew. */
  view: any;
  /** Why the last request failed (`unreachable` when no answer came), or null. */
  failure: string | null;
  /** The player whose card is open, showing their options. */
  touched: number | null;
  /** The decision last brought on screen, so that a redraw of the same one does not move the page. */
  shownDecision: string;
  /** The voter who said they hold the device, so their ballot may show. */
  ballotFor: number | null;
  /** The target that voter has picked but not yet confirmed. */
  picked: number | null;
  /** Whether a complete vote is on its way to the server. */
  counting: boolean;
  /** Cards put on each (recipient, role) pair of the transfer being built, keyed `to:take`. */
  transferCounts: Map<string, number>;
  transferKey: string;
  /** The transfer the table chose to make first when several may (R7), as `from:role` (a debtor may owe two
   *  roles at once); null for the first ready one. */
  debtor: string | null;
  /** Whether the table opened every line of what the last decision did (a long chain shows its first alone). */
  lastOpen: boolean;
}

/** What `/api/werewolf/replay` answers: the envelope with the log to keep, whether a refusal was stale, and
 * why a saved log was cut. */
type WerewolfAnswer = Envelope<WerewolfView, WerewolfReplayed, WerewolfEvent[]>;

/** A rule by its number, as the log cites it (`werewolf::RULES`; checked against werewolf/wire.json). */
type WerewolfRule = 'R1' | 'R2' | 'R3' | 'R4' | 'R5' | 'R6' | 'R7' | 'R8' | 'R9' | 'R10' | 'R11';

/** One vote collected from the device as it goes round the table. */
interface WerewolfVote {
  voter: number;
  target: number;
}

interface WerewolfNamespace {
  S: WerewolfState;
  el: {
    $(selector: string): HTMLElement;
    root: HTMLElement;
    setupForm: HTMLElement;
    play: HTMLElement;
    namesEl: HTMLElement;
    counts: HTMLInputElement[];
    decisionEl: HTMLElement;
    promptEl: HTMLElement;
    choicesEl: HTMLElement;
    transferEl: HTMLElement;
    messageEl: HTMLElement;
    logEl: HTMLElement;
    announceEl: HTMLElement;
    copyNoteEl: HTMLElement;
    ROLES: WerewolfRole[];
  };
  guard: SendGuard;
  keep(): void;
  forget(): void;
  tabId(renew?: boolean): string;
  send(event: unknown): Promise<void>;
  showError(text: string): void;
  name(seat: number): string;
  roleName(role: string): string;
  button(label: string, onClick: () => void, primary?: boolean): HTMLButtonElement;
  actOrWarn(label: string, ends: Ending | null, action: () => void,
    how?: { primary?: boolean }): HTMLElement[];
  warning(ends: Ending): HTMLElement;
  arm(button: HTMLElement, label: string): void;
  wouldEnd(event: unknown): Promise<Ending | null>;
  RULES: WerewolfRule[];
  ruleWords(code: string): string;
  ruleCodes(code: string): WerewolfRule[];
  pending(): WerewolfPending | null;
  // setup.js
  composition(): number[];
  drawSetup(): void;
  drawRecommended(): void;
  start(event: Event): Promise<void>;
  askNewGame(asking: boolean): void;
  newGame(): void;
  // decision.js
  render(): void;
  drawOutcome(): void;
  drawDecision(): void;
  bringDecisionOnScreen(): void;
  holdNewControls(): void;
  touchable(): Set<number>;
  onlyRefused(seat: number): boolean;
  openBallot(): WerewolfBallot | null;
  pickRow(): HTMLElement;
  openCard(seat: number): void;
  // vote.js
  collected(): { voter: number; target: number }[];
  drawVote(): void;
  submitVote(votes: { voter: number; target: number }[]): void;
  pickVote(seat: number, onCard: boolean): void;
  // transfer.js
  openTransfer(): WerewolfTransfer | null;
  chosenTransfer(): WerewolfTransfer | null;
  slotKey(slot: { to: number; take: string }): string;
  placed(transfer: WerewolfTransfer): number;
  drawTransfer(): void;
  transferRows(transfer: WerewolfTransfer, seat: number): HTMLElement[];
  // players.js
  card(player: WerewolfPlayer, acting: boolean, hasVoted: boolean, canTouch: boolean): HTMLElement;
  drawPlayers(): void;
  options(player: WerewolfPlayer): HTMLElement;
  refusedRows(refused: WerewolfRefused[]): HTMLElement[];
  drawLog(): void;
  drawLast(): void;
  // script.js
  drawHowTo(): void;
}

interface Window {
  Werewolf: WerewolfNamespace;
}
