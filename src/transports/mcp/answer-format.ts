/** What an answer to a POST is written as: JSON, or one event of a server-sent stream that then ends. */
export type AnswerFormat = 'json' | 'event-stream';

/**
 * How to answer a POST, by its Accept header. The transport asks clients to list both
 * application/json and text/event-stream; many list one (a JSON-RPC client over HTTP lists JSON, a
 * proxy that reads only streams lists the stream) or a wildcard (`*\/*`), or send none. Every answer
 * here is one JSON message, so a client that takes JSON (none, a wildcard, application/json) gets it
 * as JSON, and one that takes a stream but no JSON gets it as the one event of a stream.
 * Undefined when the client takes neither (406). A type given `q=0` is one it refuses.
 */
export function answerFormat(accept: string | undefined): AnswerFormat | undefined {
  if (!accept) return 'json';
  // The header every conforming client sends ("application/json, text/event-stream"), read without parsing it.
  if (accept.includes('application/json') && !accept.includes('q=0')) return 'json';
  let stream = false;
  for (const range of accept.split(',')) {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (params.some((param) => /^q=0(?:\.0*)?$/.test(param))) continue;
    if (type === 'application/json' || type === 'application/*' || type === '*/*') return 'json';
    if (type === 'text/event-stream' || type === 'text/*') stream = true;
  }
  return stream ? 'event-stream' : undefined;
}

/** The media type of an answer written as an event stream. */
export const EVENT_STREAM_TYPE = 'text/event-stream';

/** A JSON message as the one `message` event of a stream (JSON text holds no raw newline: one data line). */
export function asEvent(json: string): string {
  return `event: message\ndata: ${json}\n\n`;
}
