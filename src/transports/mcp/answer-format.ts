/** What an answer to a POST is written as: JSON, or one event of a server-sent stream that then ends. */
export type AnswerFormat = 'json' | 'event-stream';

/**
 * How to answer a POST, by its Accept header. The transport asks clients to list both
 * application/json and text/event-stream; many list one (a JSON-RPC client over HTTP lists JSON, a
 * proxy that reads only streams lists the stream) or a wildcard (`*\/*`), or send none. Every answer
 * here is one JSON message, so a client that takes JSON (none, a wildcard, application/json) gets it
 * as JSON, and one that takes a stream but no JSON gets it as the one event of a stream.
 * Undefined when the client takes neither (406). A type is taken or refused (`q=0`) by the most
 * specific range that names it (RFC 9110 §12.5.1): `application/json;q=0, *\/*` refuses JSON.
 */
export function answerFormat(accept: string | undefined): AnswerFormat | undefined {
  if (!accept) return 'json';
  // The header every conforming client sends ("application/json, text/event-stream"), read without parsing it.
  if (accept.includes('application/json') && !accept.includes('q=0')) return 'json';
  const json = new Acceptance('application');
  const stream = new Acceptance('text');
  for (const range of accept.split(',')) {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const refused = params.some((param) => /^q=0(?:\.0*)?$/.test(param));
    json.read(type, 'application/json', refused);
    stream.read(type, 'text/event-stream', refused);
  }
  if (json.taken()) return 'json';
  return stream.taken() ? 'event-stream' : undefined;
}

/** Whether one media type is acceptable: the verdict of the most specific range naming it so far. */
class Acceptance {
  /** 0: no range named it; 1: `*\/*`; 2: `<top>/*`; 3: the type itself. */
  private specificity = 0;
  private refused = false;

  constructor(private readonly top: string) {}

  read(range: string, type: string, refused: boolean): void {
    const specificity = range === type ? 3 : range === `${this.top}/*` ? 2 : range === '*/*' ? 1 : 0;
    // Of two ranges as specific, a refusal wins: a client that says both has not clearly taken it.
    if (specificity === 0 || specificity < this.specificity || (specificity === this.specificity && this.refused)) return;
    this.specificity = specificity;
    this.refused = refused;
  }

  taken(): boolean {
    return this.specificity > 0 && !this.refused;
  }
}

/** The media type of an answer written as an event stream. */
export const EVENT_STREAM_TYPE = 'text/event-stream';

/** A JSON message as the one `message` event of a stream (JSON text holds no raw newline: one data line). */
export function asEvent(json: string): string {
  return `event: message\ndata: ${json}\n\n`;
}
