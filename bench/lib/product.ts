import { callOk } from './mcp.js';
import { MAIN_JS, PRODUCT_NODE_ARGS, ROOT_DIR, TOKEN_CLI_JS, assertBuilt } from './paths.js';
import { freePort, runNode, spawnNode, waitForHttp, type Spawned } from './proc.js';

/** The product's environment for benches: the whole chain on, OTP off, rate limits out of the way. */
export function productEnv(databaseUrl: string, port: number, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    OTP_REQUIRED_FOR: 'none',
    APPROVAL_REQUIRED_FOR: 'none',
    RATE_LIMIT_READS: '1000000',
    RATE_LIMIT_WRITES: '1000000',
    DEFAULT_TIMEZONE: 'UTC',
    HOST: '127.0.0.1',
    PORT: String(port),
    ...extra,
  };
}

export interface StartProductOptions {
  databaseUrl: string;
  logFile: string;
  name?: string;
  /** Extra node flags before main.js (e.g. --import a profiler hook). */
  nodeArgs?: string[];
  env?: Record<string, string | undefined>;
  ipc?: boolean;
  /** Another build's entry (its dist/src/main.js); default: this checkout's. */
  mainJs?: string;
}

/** Spawns `node dist/src/main.js` and waits for GET /ready 200. */
export async function startProduct(options: StartProductOptions): Promise<Spawned & { readyMs: number }> {
  assertBuilt();
  const port = await freePort();
  const server = spawnNode({
    name: options.name ?? 'intentdesk',
    args: [...PRODUCT_NODE_ARGS, ...(options.nodeArgs ?? []), options.mainJs ?? MAIN_JS],
    cwd: ROOT_DIR,
    env: productEnv(options.databaseUrl, port, options.env),
    port,
    logFile: options.logFile,
    ipc: options.ipc,
  });
  try {
    const readyMs = await waitForHttp(`${server.url}/ready`, { status: 200, timeoutMs: 120_000, child: server.child });
    return Object.assign(server, { readyMs });
  } catch (error) {
    await server.stop('SIGKILL');
    throw new Error(`intentdesk did not become ready (log: ${options.logFile}): ${(error as Error).message}`);
  }
}

/** A new API token for `login`, through the product's own CLI (only its hash is stored). */
export async function createToken(databaseUrl: string, login = 'glpi', scopes = 'mcp,api'): Promise<string> {
  const out = await runNode([TOKEN_CLI_JS, 'create', '--user', login, '--scopes', scopes, '--name', `bench ${Date.now()}`], {
    PATH: process.env.PATH,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
  }, ROOT_DIR);
  const token = out.trim().split('\n').pop()?.trim();
  if (!token) throw new Error('token CLI printed no token');
  return token;
}

/** Opens a session with domain_switch and returns its session_id. */
export async function openSession(url: string, token: string, domain: 'ticket' | 'project' | 'user'): Promise<string> {
  const reply = await callOk(url, token, 'domain_switch', { domain });
  const sessionId = reply.json?.result?.structuredContent?.session_id;
  if (typeof sessionId !== 'string') throw new Error(`domain_switch returned no session_id: ${reply.text.slice(0, 300)}`);
  return sessionId;
}

/** Names of the tools the token may call (tools/list). */
export async function toolNames(url: string, token: string): Promise<string[]> {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  const json = (await res.json()) as { result?: { tools?: Array<{ name: string }> } };
  return (json.result?.tools ?? []).map((t) => t.name);
}

const TITLES = [
  'Impressora não imprime',
  'VPN desconecta a cada 10 minutos',
  'Erro ao abrir o ERP',
  'Troca de monitor',
  'Senha expirada no portal',
  'Notebook não liga',
  'Solicitação de acesso à pasta compartilhada',
  'E-mail não sincroniza no celular',
  'Printer paper jam on 3rd floor',
  'Wi-Fi lento na sala de reuniões',
  'Instalação do pacote Office',
  'Teclado com teclas travadas',
];
const CONTENTS = [
  'O usuário relata que o problema começou após a última atualização.',
  'Acontece todos os dias pela manhã; reiniciar não resolve.',
  'Precisa de atendimento até o fim da semana.',
  'A impressora do corredor mostra papel atolado, mas não há papel preso.',
  'Started after the network change on Monday.',
];
const URGENCIES = ['Muito baixa', 'Baixa', 'Média', 'Alta', 'Muito alta'];
const CATEGORIES = ['Hardware', 'Software', 'Rede'];
const REQUESTERS = ['maria.silva', 'normal', 'tech', 'glpi'];

/** The arguments of the i-th generated ticket (deterministic). */
export function ticketArgs(i: number): Record<string, unknown> {
  return {
    name: `${TITLES[i % TITLES.length]} #${i}`,
    content: CONTENTS[i % CONTENTS.length],
    type: i % 3 === 0 ? 'Requisição' : 'Incidente',
    urgency: URGENCIES[i % URGENCIES.length],
    impact: URGENCIES[(i * 7) % URGENCIES.length],
    itilcategories_id: CATEGORIES[i % CATEGORIES.length],
    requester_id: REQUESTERS[i % REQUESTERS.length],
    ...(i % 2 === 0 ? { assignee_id: 'tech' } : {}),
  };
}

/** Creates `count` tickets through the REST API (the product's own validation and write path). */
export async function addTicketsViaRest(url: string, token: string, count: number, parallel = 4): Promise<number[]> {
  const ids: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const res = await fetch(`${url}/api/tickets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(ticketArgs(i)),
      });
      const json = (await res.json()) as { id?: number; status?: string };
      if (res.status >= 300 || typeof json.id !== 'number') throw new Error(`POST /api/tickets failed: HTTP ${res.status} ${JSON.stringify(json).slice(0, 400)}`);
      ids.push(json.id);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return ids.sort((a, b) => a - b);
}

/** `count` REST reads of tickets (GET /api/tickets/:id), over `ids` in turn. */
export async function readTicketsViaRest(url: string, token: string, ids: readonly number[], count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const id = ids[i % ids.length];
    const res = await fetch(`${url}/api/tickets/${id}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET /api/tickets/${id} failed: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer();
  }
}

export async function waitReady(url: string): Promise<void> {
  await waitForHttp(`${url}/ready`, { status: 200 });
}
