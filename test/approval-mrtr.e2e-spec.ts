/**
 * A held write on the stateless 2026-07-28 revision: a client that takes URL-mode elicitation is
 * asked for the approval as an input-required result (multi round-trip requests), the person
 * decides on the page, and the client's retry (inputResponses + requestState) writes once. Raw
 * JSON-RPC over HTTP, so every field the revision defines is seen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { WebUser } from './support/approval-web.js';
import { DATABASES } from './support/databases.js';
import { startStack, type TestStack } from './support/test-app.js';

const MODERN = '2026-07-28';

interface RpcAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

interface ToolEnvelope {
  status: 'success' | 'error';
  data?: { session_id?: string };
  applied?: Record<string, unknown>;
  error?: { code: string };
}

interface InputRequired {
  resultType: 'input_required';
  inputRequests: Record<string, { method: string; params: { mode: string; url: string; message: string } }>;
  requestState: string;
}

function meta(capabilities: Record<string, unknown>): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    'io.modelcontextprotocol/clientInfo': { name: 'mrtr-e2e', version: '0' },
  };
}
const ELICITING = meta({ elicitation: { url: {} } });
const PLAIN = meta({});

describe.each(DATABASES)('approval over 2026-07-28 multi round-trip requests on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'intentdesk-mrtr-'));
  const linkFile = join(dir, 'delivery.jsonl');
  let stack: TestStack;
  let token: string;
  let web: WebUser;
  let nextId = 1;

  const countProjects = async (name: string): Promise<number> => {
    const rows = (await stack.app.get(DataSource).query('SELECT COUNT(*) AS n FROM glpi_projects WHERE name = ? AND is_deleted = 0', [name])) as Array<{
      n: number | string;
    }>;
    return Number(rows[0].n);
  };

  /** One tools/call as a 2026-07-28 client sends it: `_meta` in the body, the headers mirroring it. */
  async function toolsCall(name: string, params: Record<string, unknown>, metaOf = ELICITING): Promise<RpcAnswer> {
    const body = { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, ...params, _meta: metaOf } };
    const res = await fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': MODERN,
        'Mcp-Method': 'tools/call',
        'Mcp-Name': name,
      },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as RpcAnswer;
  }
  const envelopeOf = (answer: RpcAnswer): ToolEnvelope => {
    expect(answer.result).toMatchObject({ resultType: 'complete' });
    return answer.result?.structuredContent as ToolEnvelope;
  };
  const inputRequiredOf = (answer: RpcAnswer): InputRequired => {
    expect(answer.result).toMatchObject({ resultType: 'input_required' });
    return answer.result as unknown as InputRequired;
  };

  beforeAll(async () => {
    stack = await startStack(kind, { APPROVAL_REQUIRED_FOR: 'write', OTP_REQUIRED_FOR: 'write', OTP_DELIVERY: `file:${linkFile}` });
    token = await stack.token('glpi', ['mcp']);
    web = new WebUser('glpi', linkFile);
  });
  afterAll(async () => {
    await stack?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function openSession(): Promise<string> {
    const sessionId = envelopeOf(await toolsCall('domain_switch', { arguments: { domain: 'project' } })).data?.session_id;
    if (!sessionId) throw new Error('no session');
    return sessionId;
  }

  it('asks with input_required (URL elicitation), and the retry after approval writes once', async () => {
    const session = await openSession();
    const args = { domain: 'project', session_id: session, name: 'Aprovação MRTR', projectstates_id: 'New' };
    const asked = inputRequiredOf(await toolsCall('project_create', { arguments: args }));
    const [key] = Object.keys(asked.inputRequests);
    const request = asked.inputRequests[key];
    expect(request).toEqual({
      method: 'elicitation/create',
      params: { mode: 'url', url: expect.stringMatching(new RegExp(`^${stack.url}/approve/apr_`)) as string, message: expect.any(String) as string },
    });
    expect(request.params.url).toBe(`${stack.url}/approve/${asked.requestState}`);
    expect(asked).toMatchObject({ _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'intentdesk' } } });
    expect(await countProjects('Aprovação MRTR')).toBe(0);

    const retry = { arguments: args, inputResponses: { [key]: { action: 'accept' } }, requestState: asked.requestState };
    // Retried before the person decided: asked again, for the same approval.
    expect(inputRequiredOf(await toolsCall('project_create', retry)).requestState).toBe(asked.requestState);

    await web.signIn(request.params.url);
    await web.decide(request.params.url, 'approve');

    // The same state with other arguments is not this approval.
    const changed = envelopeOf(await toolsCall('project_create', { ...retry, arguments: { ...args, name: 'Aprovação trocada' } }));
    expect(changed.error?.code).toBe('APPROVAL_MISMATCH');

    const done = envelopeOf(await toolsCall('project_create', retry));
    expect(done.status).toBe('success');
    expect(done.applied).toMatchObject({ name: 'Aprovação MRTR', projectstates_id: 1 });
    expect(await countProjects('Aprovação MRTR')).toBe(1);

    // An approval writes once: the same retry again writes nothing.
    expect(envelopeOf(await toolsCall('project_create', retry)).error?.code).toBe('APPROVAL_CONSUMED');
    expect(await countProjects('Aprovação MRTR')).toBe(1);
    expect(await countProjects('Aprovação trocada')).toBe(0);
  });

  it('a client without URL elicitation, or a declined page, gets the APPROVAL_REQUIRED envelope; a state not handed out is refused', async () => {
    const session = await openSession();
    const args = { domain: 'project', session_id: session, name: 'Aprovação sem elicitação', projectstates_id: 'New' };
    expect(envelopeOf(await toolsCall('project_create', { arguments: args }, PLAIN)).error?.code).toBe('APPROVAL_REQUIRED');
    // A user who declined to open the page: the envelope (with next_call), not the same question again.
    const asked = inputRequiredOf(await toolsCall('project_create', { arguments: args }));
    const declined = { arguments: args, inputResponses: { approval: { action: 'decline' } }, requestState: asked.requestState };
    expect(envelopeOf(await toolsCall('project_create', declined)).error?.code).toBe('APPROVAL_REQUIRED');
    const forged = await toolsCall('project_create', { arguments: args, requestState: 'not-ours' });
    expect(forged.error?.code).toBe(-32602);
    expect(await countProjects('Aprovação sem elicitação')).toBe(0);
  });
});
