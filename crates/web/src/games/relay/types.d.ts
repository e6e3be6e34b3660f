// What know-it-all relay's scripts share on `window.Relay`, for the type checker only (never served): state.js
// makes the object and each part adds its functions, checked against these signatures where it does.

interface RelayState {
  /** The server's limits on players, rounds and talk time (`GET /api/relay/limits`), once it answered. */
  limits: any;
  /** The state the server last drew; null until its first answer. */
  view: RelayView | null;
  /** The screen last brought into view, so that a redraw of the same one does not move the page. */
  shownScreen: string;
  /** The talk countdown's timer while a speaker talks. */
  ticker: ReturnType<typeof setInterval> | null;
  /** The turn whose time-up was already sent, so it is sent once. */
  autoDoneTurn: number | null;
  /** The turn (round, turn and deadline) whose few-seconds-left sound has played, so it plays once. */
  warnedTurn: string | null;
}

/** A phase of the game, as the engine names it (`relay::Phase::name`; checked against relay/wire.json). */
type RelayPhase = 'setup' | 'topicReveal' | 'talk' | 'handover' | 'vote' | 'roundResult' | 'finalResult';

/** Why the table's own topics were refused (`OwnTopicsError::code`; checked against relay/wire.json). */
type RelayTopicsRefusal = 'too_many_topics' | 'topic_too_long';

/** What the talk clock reads of a talk's view. */
interface TalkClockView {
  round: number;
  turn: number;
  deadlineMs: number;
  paused: boolean;
  pausedLeftMs: number | null;
}

/**
 * What the page draws (the server's relay `View`), by phase: a talk's view has the clock's fields; the others are
 * read as they come (fields a phase does not have are null or empty).
 */
type RelayView = RelayTalkView | RelayOtherView;

interface RelayTalkView extends TalkClockView {
  phase: 'talk';
  [field: string]: any;
}

interface RelayOtherView {
  phase: Exclude<RelayPhase, 'talk'>;
  [field: string]: any;
}

/** A player's place in a round's or the game's standings (the server's `StandingView`). */
interface Standing {
  player: number;
  name: string;
  score: number;
  rank: number;
}

/** An event the page sends to `/api/relay/step` (the server's `relay::Event`, by its `type`). */
type RelayEvent = { type: string; [field: string]: unknown };

/** What `/api/relay/step` answers: the envelope, with the save to keep and why a save did not restore. */
type RelayAnswer = Envelope<RelayView, { save: unknown; restoreError: string | null }>;

interface RelayNamespace {
  S: RelayState;
  el: {
    $(selector: string): HTMLElement;
    root: HTMLElement;
    screens: HTMLElement[];
    namesEl: HTMLElement;
    roundsEl: HTMLInputElement;
    talkSecondsEl: HTMLInputElement;
    ownTopicsEl: HTMLTextAreaElement;
    setupMessageEl: HTMLElement;
    messageEl: HTMLElement;
    restoreNoteEl: HTMLElement;
    countdownEl: HTMLElement;
    ballotEl: HTMLElement;
    confirmButton: HTMLButtonElement;
    abandonBar: HTMLElement;
    copyNoteEl: HTMLElement;
    NAMES_KEY: string;
  };
  guard: SendGuard;
  tabId(renew?: boolean): string;
  send(event: RelayEvent | null): Promise<boolean>;
  showError(text: string): void;
  ownTopics(): string[];
  keepOwnTopics(lines: string[]): void;
  // clock.js
  talkClock(
    view: TalkClockView,
    nowMs: number,
    warned: string | null,
  ): { leftMs: number; seconds: number; low: boolean; key: string; warn: boolean; timeUp: boolean };
  // draw.js
  render(): void;
  showAbandonQuestion(asking: boolean): void;
  nameInput(value: string, seat: number): HTMLElement;
  drawNameButtons(): void;
}

interface Window {
  Relay: RelayNamespace;
}
