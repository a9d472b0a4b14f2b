import { isUtf8 } from 'node:buffer';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { NOT_JSON, NOT_UTF8_MESSAGE, PARSE_ERROR, PARSE_ERROR_MESSAGE, parseJsonRpc, rpcError } from './json-rpc.js';

const PARSE_ERROR_LINE = JSON.stringify(rpcError(null, PARSE_ERROR, PARSE_ERROR_MESSAGE));
const NOT_UTF8_LINE = JSON.stringify(rpcError(null, PARSE_ERROR, NOT_UTF8_MESSAGE));

/**
 * MCP's stdio framing, one JSON text a line each way, that hands on every line it can parse,
 * whatever its shape, to `onvalue` (mcp-stdio-eras.ts decides what each one is, as HTTP does for
 * a body). The SDK's own transport drops a line that is not JSON, or not one message it knows (a
 * batch), without a word, and the client waits for an answer that never comes. A line that is not
 * JSON is answered here with -32700, as an HTTP body is, and the next line is read as usual.
 */
export class StdioLinesTransport implements Transport {
  /** Set by the SDK server on connect(): the router passes the messages the SDK server answers to it. */
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /** Every line that is JSON, parsed. */
  onvalue?: (value: unknown) => void;
  private buffer: Buffer | undefined;

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
  ) {}

  start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStdinError);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.writeLine(JSON.stringify(message));
  }

  /** Writes one message already serialized (mcp-methods.ts serializes an answer once). */
  writeLine(json: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${json}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStdinError);
    // Paused so that stdin no longer keeps the process alive (as the SDK's transport does).
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.buffer = undefined;
    this.onclose?.();
    return Promise.resolve();
  }

  private readonly onData = (chunk: Buffer): void => {
    const size = (this.buffer?.length ?? 0) + chunk.length;
    if (size > STDIO_DEFAULT_MAX_BUFFER_SIZE) {
      // A line this long is no client's message: ended as the SDK's transport ends it.
      this.onerror?.(new Error(`A stdio line exceeded ${STDIO_DEFAULT_MAX_BUFFER_SIZE} bytes.`));
      void this.close();
      return;
    }
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk], size) : chunk;
    this.readLines();
  };

  private readonly onStdinError = (error: Error): void => {
    this.onerror?.(error);
  };

  /** Hands on every complete line in the buffer, keeping the unfinished rest. */
  private readLines(): void {
    let end: number;
    while (this.buffer && (end = this.buffer.indexOf('\n')) !== -1) {
      const bytes = this.buffer.subarray(0, end);
      this.buffer = this.buffer.subarray(end + 1);
      if (!isUtf8(bytes)) {
        void this.writeLine(NOT_UTF8_LINE);
        continue;
      }
      const line = bytes.toString('utf8').replace(/\r$/, '');
      if (line.trim() === '') continue; // a blank line carries no message to answer
      const value = parseJsonRpc(line);
      if (value === NOT_JSON) void this.writeLine(PARSE_ERROR_LINE);
      else this.onvalue?.(value);
    }
  }
}
