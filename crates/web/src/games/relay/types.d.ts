// What know-it-all relay's scripts share on `window.Relay`, for the type checker only (never served): state.js
// makes the object and each part adds its functions, checked against these signatures where it does. What the
// server sends and reads is generated from the Rust types into wire.gen.d.ts.

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

/** Why the table's own topics were refused (`OwnTopicsError::code`; checked against relay/wire.json). */
type RelayTopicsRefusal = 'too_many_topics' | 'topic_too_long';

/** What the talk clock reads of a talk's view. */
type TalkClockView = Pick<RelayView, 'round' | 'turn' | 'deadlineMs' | 'paused' | 'pausedLeftMs'>;

/** What `/api/relay/step` answers: the envelope, with the save to keep and why a save did not restore. */
type RelayAnswer = Envelope<RelayView, RelaySaved>;

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
