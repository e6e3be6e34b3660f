// Cross light's page-only types, for the type checker only (never served). What the server sends and reads is
// generated from the Rust types into wire.gen.d.ts.

/** The kinds of event the log holds (checked against lights/wire.json). */
type LightsEventType = LightsEvent['type'];

/** A best or hint-assisted solve as localStorage keeps it. */
interface LightsRecord {
  moves: number;
  ms: number;
}

/** A line shown instead of the usual one until the next answer: a message key, or the server's own words. */
type LightsTransient = { key: string; params?: Record<string, unknown>; notice?: boolean; text?: undefined }
  | { text: string; key?: undefined; params?: undefined; notice?: undefined };
