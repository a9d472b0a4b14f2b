import { answerFormat, asEvent } from './answer-format.js';

describe('answerFormat', () => {
  it.each([
    [undefined, 'json'],
    ['', 'json'],
    ['application/json, text/event-stream', 'json'],
    ['application/json', 'json'],
    ['*/*', 'json'],
    ['application/*', 'json'],
    ['Application/JSON; charset=utf-8', 'json'],
    ['text/html, application/json;q=0.5', 'json'],
    ['text/event-stream', 'event-stream'],
    ['text/*', 'event-stream'],
    ['application/json;q=0, text/event-stream', 'event-stream'],
    ['application/json; q=0.0, */*;q=0', undefined],
    // A type refused by name stays refused under a wildcard (RFC 9110 §12.5.1: the most specific range decides).
    ['application/json;q=0, */*', 'event-stream'],
    ['*/*, application/json;q=0', 'event-stream'],
    ['application/json;q=0, application/*', undefined],
    ['text/event-stream;q=0, */*', 'json'],
    ['text/event-stream;q=0, text/*', undefined],
    ['application/json;q=0, text/event-stream;q=0, */*', undefined],
    ['text/html', undefined],
    ['image/png, text/plain', undefined],
  ])('reads %j as %j', (accept, format) => {
    expect(answerFormat(accept)).toBe(format);
  });
});

describe('asEvent', () => {
  it('writes a JSON message as one message event', () => {
    expect(asEvent('{"jsonrpc":"2.0","id":1,"result":{}}')).toBe('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n');
  });
});
