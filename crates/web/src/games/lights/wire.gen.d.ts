// Generated from the Rust types by crates/web/src/wire_types.rs: do not edit.
// The lights page's wire: its views, requests and the engine's events, as serde writes and reads them.

type LightsLevelName = "easy" | "normal" | "hard";

type LightsEvent = { "type": "newPuzzle", 
/**
 * The level: the board size and how many cells the scramble must have.
 */
level: LightsLevelName, 
/**
 * The scramble, as drawn: distinct cell indices on the board, exactly
 * [`scramble_presses`](Level::scramble_presses) of them.
 */
cells: Array<number>, 
/**
 * When the puzzle starts.
 */
atMs: number, } | { "type": "press", 
/**
 * The cell index; only those on the board are cells.
 */
cell: number, 
/**
 * When the press happens; kept if it solves the puzzle.
 */
atMs: number, } | { "type": "undo" } | { "type": "hint" } | { "type": "restart", 
/**
 * When the new attempt starts.
 */
atMs: number, };

type LightsLevel = { name: LightsLevelName, side: number, scramblePresses: number, };

type LightsLevels = { levels: Array<LightsLevel>, };

type LightsCell = { index: number, 
/**
 * From 1, as the page says it.
 */
row: number, column: number, };

type LightsView = { level: LightsLevelName, side: number, 
/**
 * One entry per cell, row by row: whether its light is on.
 */
lit: Array<boolean>, moves: number, 
/**
 * The fewest presses that solve the current board.
 */
par: number, 
/**
 * The fewest presses that solved the puzzle at its start: the score to beat.
 */
startPar: number, hint: LightsCell | null, solved: boolean, canUndo: boolean, startedAtMs: number, solvedAtMs: number | null, 
/**
 * When the player's clock started: their first press since the puzzle was drawn or restarted.
 */
clockFromMs: number | null, 
/**
 * Hints shown for this puzzle: a solve with any is hint-assisted.
 */
hints: number, };

type LightsReplayRequest = { 
/**
 * The log, in the engine's JSON form of [`LightsEvent`].
 */
events: Array<LightsEvent>, };

type LightsReplayed = { 
/**
 * How many events were replayed.
 */
events: number, };
