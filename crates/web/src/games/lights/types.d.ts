// Cross light's answers as its page reads them (crates/web/src/games/lights/view.rs), for the type checker only
// (never served).

/** A level's name (`lights::Level::name`; checked against lights/wire.json, and the page's buttons by lights_wire.rs). */
type LightsLevelName = 'easy' | 'normal' | 'hard';

/** The kinds of event the log holds (`lights::LightsEvent`'s `type`; checked against lights/wire.json). */
type LightsEventType = 'newPuzzle' | 'press' | 'undo' | 'hint' | 'restart';

/** A level as the engine defines it (`LevelView`). */
interface LightsLevel {
  name: LightsLevelName;
  side: number;
  scramblePresses: number;
}

/** The game after the log is replayed (`GameView`). */
interface LightsView {
  level: LightsLevelName;
  side: number;
  lit: boolean[];
  moves: number;
  par: number;
  startPar: number;
  hint: { index: number; row: number; column: number } | null;
  solved: boolean;
  canUndo: boolean;
  startedAtMs: number;
  solvedAtMs: number | null;
  clockFromMs: number | null;
  hints: number;
}

/** An event of the log the page keeps and sends whole (`lights::Event` on the server). */
type LightsEvent =
  | { type: Extract<LightsEventType, 'newPuzzle'>; level: string; cells: number[]; atMs: number }
  | { type: Extract<LightsEventType, 'press'>; cell: number; atMs: number }
  | { type: Extract<LightsEventType, 'undo'> }
  | { type: Extract<LightsEventType, 'hint'> }
  | { type: Extract<LightsEventType, 'restart'>; atMs: number };

/** A best or hint-assisted solve as localStorage keeps it. */
interface LightsRecord {
  moves: number;
  ms: number;
}

/** A line shown instead of the usual one until the next answer: a message key, or the server's own words. */
type LightsTransient = { key: string; params?: Record<string, unknown>; notice?: boolean; text?: undefined }
  | { text: string; key?: undefined; params?: undefined; notice?: undefined };
