// The globals the pages' classic scripts share, for the type checker only (never served): what i18n.js and
// common.js put on `window`, and what a browser wallet may. common.js and i18n.js are checked against these
// shapes where they assign them, so a change on either side fails `tsc`.

/** A word: a text with `{name}` placeholders, or a function of the params (plurals). */
type Words = string | ((params: Record<string, unknown>) => string);

interface I18nApi {
  readonly lang: 'en' | 'ja';
  t(key: string, params?: Record<string, unknown>): string;
  /** A {key, args} sentence from the server, its nested sentences worded first. */
  say(words: WireWords): string;
  add(more: { en?: Record<string, Words>; ja?: Record<string, Words> }): void;
  set(next: string, remember?: boolean): void;
  apply(root?: Document | Element): void;
  onChange(fn: (lang: string) => void): void;
}

/**
 * What `Marubatsu.api` throws: the server's sentence, with its status, stable code and contract error name, and the
 * sentence's catalog key and arguments when the server sent them (`{"words": {"key", "args"}}`).
 */
interface ApiError extends Error {
  status: number;
  code: string;
  errorName: string | null;
  words: { key: string; args: Record<string, string> } | null;
}

/**
 * What every game's replay or step endpoint answers (the server's `protocol::Envelope`): `X` is the game's own
 * extra fields beside the shared ones, `L` the log, for a game whose server says which events it keeps.
 */
type Envelope<S, X = {}, L = never> = {
  accepted: boolean;
  refusal: WireRefusal | null;
  state: S;
  log?: L;
} & X;

/** A browser wallet (EIP-1193): the few calls the tic-tac-toe page makes. */
interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<any>;
  on?(event: string, listener: (value: any) => void): void;
}

/** What common.js gives every page (`window.Marubatsu`). */
interface MarubatsuApi {
  store: {
    get(key: string, fallback: any): any;
    set(key: string, value: unknown): void;
    remove(key: string): void;
  };
  api(path: string, body?: unknown): Promise<any>;
  sound: { play(name: string): void };
  music: { wanted(): boolean; attach(toggle: HTMLElement): void; update(): void };
  keyboardGrid(container: HTMLElement, options: { side: () => number; onMove: (index: number) => void }): void;
  focusCell(container: HTMLElement, index: number, focus?: boolean): void;
  shortcuts(map: Record<string, () => void>): void;
  formatTime(ms: number): string;
  uniform(n: number, next?: () => number): number;
  tabSession(storage: () => Storage): TabSession;
  watchCopies(watcher: {
    name: string;
    tabId: (renew?: boolean) => string;
    playing: () => boolean;
    tell: (side: 'copy' | 'original') => void;
    untell?: () => void;
    onLeave?: (leave: () => void) => void;
    Channel?: typeof BroadcastChannel;
  }): BroadcastChannel | null;
  sendGuard(mark: (busy: boolean) => void): SendGuard;
  tapGuard(windowMs?: number, now?: () => number, later?: (run: () => void, ms: number) => unknown): TapGuard;
  TAP_GUARD_MS: number;
  /** The page's one guard against double taps on the controls that move a pass-and-play game on. */
  taps: TapGuard;
}

/** Mis-taps while the phone changes hands (`Marubatsu.tapGuard`). */
interface TapGuard {
  take(): boolean;
  settled(): boolean;
  wrap<A extends unknown[]>(action: (...args: A) => void): (...args: A) => void;
  hold(controls: Iterable<HTMLElement>): void;
}

/** A tab's own storage (`Marubatsu.tabSession`). */
interface TabSession {
  getText(key: string): string | null;
  setText(key: string, text: string): void;
  get(key: string): any;
  set(key: string, value: unknown): void;
  remove(key: string): void;
  tabId(key: string, renew?: boolean): string;
}

/** One request at a time (`Marubatsu.sendGuard`). */
interface SendGuard {
  readonly busy: boolean;
  run(task: () => Promise<void>, options?: { quiet?: boolean }): Promise<boolean>;
}

interface Window {
  I18n: I18nApi;
  Marubatsu: MarubatsuApi;
  ethereum?: Eip1193Provider;
  webkitAudioContext?: typeof AudioContext;
}
