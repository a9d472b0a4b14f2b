import autocannon from 'autocannon';
import { mcpHeaders } from './mcp.js';

/** What one run of tools/call requests measured. */
export interface ToolsCallLoad {
  /** Every answer's latency (ms), at full (sub-ms) resolution, in arrival order. */
  latencies: number[];
  total: number;
  seconds: number;
  /** Answers that were not a successful tool result (HTTP status, `isError`, a JSON-RPC error), errors and timeouts. */
  failed: number;
  /** The first failed answer, for a message. */
  firstFailure?: string;
}

/**
 * `connections` clients sending tools/call requests (`body()` makes each) to `url`/mcp for `duration`
 * seconds with autocannon, pipelining 1, the MCP headers and `token` as Bearer.
 */
export async function loadToolsCall(url: string, token: string | undefined, body: () => string, connections: number, duration: number): Promise<ToolsCallLoad> {
  const latencies: number[] = [];
  let failed = 0;
  let firstFailure: string | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}/mcp`,
        method: 'POST',
        headers: mcpHeaders(token),
        connections,
        pipelining: 1,
        duration,
        timeout: 20,
        requests: [
          {
            setupRequest: (req: autocannon.Request) => ({ ...req, body: body() }),
            onResponse: (status: number, text: string) => {
              if (status !== 200 || text.includes('"isError":true') || text.includes('"error":{"code":-')) {
                failed++;
                firstFailure ??= `HTTP ${status} ${text.slice(0, 200)}`;
              }
            },
          },
        ],
      } as autocannon.Options,
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  });
  return { latencies, total: result.requests.total, seconds: result.duration, failed: failed + result.errors + result.timeouts, firstFailure };
}
