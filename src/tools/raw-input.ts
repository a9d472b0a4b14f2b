import type { PathConflict } from '../input/input-parser.js';
import type { Call } from './call.js';

/**
 * A call's arguments as they arrived, on their way to the input pipe: a tool's params factory and a
 * REST route's @RestInput hand this over, so the pipe (which Nest gives no execution context) parses
 * them for the right caller, zone and policy.
 */
export class RawInput {
  constructor(
    readonly value: unknown,
    readonly call: Call,
    /** `query`: values come from a URL (query string or path), so numbers and booleans arrive as text. */
    readonly mode: 'json' | 'query',
    /** Arguments sent where the route does not read them (a write's query string): refused, never ignored. */
    readonly outOfPlace?: Readonly<Record<string, unknown>>,
    /** What the transport found wrong before the arguments were gathered (a body id that is not the path's): reported with the rest. */
    readonly conflicts?: readonly PathConflict[],
  ) {}
}
