import { guessDate, guessSeconds, mentionsDateFormat, reformat } from './dates.js';
import { itemsOf, type Args, type JsonSchema, type McpConnection, type Reply, type ToolInfo } from './mcp.js';
import { levenshtein, norm, pickClosest, sameModuloSeparators, similarity, variants, words } from './similarity.js';

/**
 * A scripted "model": it knows only what tools/list shows (names, descriptions, input schemas)
 * and what error responses say. Its repair policy is generic and the same for every server:
 *
 * - `next_call` in an error: make that call, then retry.
 * - per issue: rename an unknown field to its `did_you_mean` (else the closest of `available`,
 *   else the closest schema property by name and description; else drop it); replace a value by
 *   `did_you_mean`; pick the closest of `available`; pick the candidate of an ambiguous reference,
 *   or the listed record of a name not found (`available_records`), that matches what the user meant; rewrite a date in the first format `expected` names; read
 *   an integer or a code out of `expected`.
 * - an error naming no issue: find the field named in the message, else check the arguments
 *   against the input schema, and fix what is found from the schema alone (codes listed in a
 *   description, date formats named there); a name where an id is needed is looked up with a
 *   list/search tool (at most `explorationsPerReference` such calls per reference).
 * - a search with no result and a multi-word `query`: one retry with its first word.
 */

export type Domain = 'project' | 'ticket' | 'user';

export interface CallRecord {
  n: number;
  tool: string;
  purpose: 'switch' | 'main' | 'explore' | 'next_call';
  args: Args;
  ok: boolean;
  note: string;
  /** did_you_mean suggestions in the answer (refused calls only). */
  hints: number;
}

export interface StepPlan {
  tool: string;
  /** The model's first attempt; may read the replies of the previous steps. */
  args: Args | ((previous: Reply[]) => Args);
  /** Arguments the model forgets on this step. */
  omit?: Array<'session_id' | 'domain'>;
  /** The user wants everything: follow the answer's next cursor (`timeline_next_cursor` -> `timeline_cursor`). */
  pages?: 'all';
  /**
   * The same step on a server that offers this feature the way peers do (one tool per action, ids
   * only): used when `tool` is not offered, when `peer.tool` is another tool the server offers (a
   * count tool beside the search), or, for a tool of the same name, when that tool lacks a field
   * the step's own attempt names (`add_observers`). Its args default to the step's; `then` are the
   * further actions such a server needs for the same step (a second observer, a team member).
   */
  peer?: {
    tool: string;
    args?: Args | ((previous: Reply[]) => Args);
    then?: Array<{ tool: string; args: Args | ((previous: Reply[]) => Args) }>;
    /** The fields that make the step's own form (default: every field of its attempt); a same-named tool lacking one takes the peer form. */
    over?: string[];
  };
}

interface OfferedTools {
  has(name: string): boolean;
  get(name: string): { inputSchema?: { properties?: Record<string, unknown> } } | undefined;
}

function peerTakes(step: StepPlan, tools: OfferedTools): boolean {
  const peer = step.peer;
  if (!peer || !tools.has(peer.tool)) return false;
  if (!tools.has(step.tool)) return true;
  if (peer.tool !== step.tool) return true;
  const props = tools.get(step.tool)?.inputSchema?.properties ?? {};
  if (peer.over) return peer.over.some((key) => !(key in props));
  return typeof step.args !== 'function' && Object.keys(step.args).some((key) => !(key in props));
}

/** The steps as a server offering `tools` takes them: each its own tool, or the peer-style call(s). */
export function stepsFor(steps: readonly StepPlan[], tools: OfferedTools): StepPlan[] {
  return steps.flatMap((step) => {
    if (!step.peer || !peerTakes(step, tools)) return [step];
    const first: StepPlan = { ...step, tool: step.peer.tool, args: step.peer.args ?? step.args };
    return [first, ...(step.peer.then ?? []).map((next) => ({ tool: next.tool, args: next.args, omit: step.omit }))];
  });
}

export interface AgentTask {
  id: string;
  /** Domain of the session the model opens before its first step; null: it opens none. */
  session: Domain | null;
  steps: StepPlan[];
  /** What the user meant by a name, e.g. { "Maria Silva": "maria.silva" }: used to choose among candidates. */
  hints?: Record<string, string>;
}

export interface TaskRun {
  replies: Reply[];
  finished: boolean;
  stuck?: string;
  calls: CallRecord[];
}

/** Calls per step of the main tool, and exploratory list/search calls per reference to resolve. */
export const LIMITS = { attemptsPerStep: 10, explorationsPerReference: 3 };

const SESSION_TOOL = 'domain_switch';
const CONTROL_FIELDS = new Set(['session_id', 'domain', 'idempotency_key', 'dry_run']);

type Issue = Record<string, any>;
/** A candidate as intentdesk lists it: id and name, and what tells it apart (login, email, entity, code, state...). */
type Candidate = { id: number; name: string; [detail: string]: unknown };

/** Every text of a candidate a model reads to choose it. */
const candidateText = (c: Candidate): string => [c.name, c.login, c.email, c.entity, c.code, c.state, c.status, c.date, c.requester].filter((v) => typeof v === 'string').join(' ');

/** The first candidate whose texts contain what the user said of it (spaces and case aside). */
function hinted(candidates: Candidate[], hint: string): Candidate | undefined {
  const said = norm(hint).split(' ').join('');
  return candidates.find((c) => norm(candidateText(c)).split(' ').join('').includes(said));
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function typesOf(schema: JsonSchema | undefined): Set<string> {
  const out = new Set<string>();
  if (!schema) return out;
  const add = (t: string | string[] | undefined) => (Array.isArray(t) ? t : t ? [t] : []).forEach((x) => out.add(x));
  add(schema.type);
  for (const alt of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) add(alt.type);
  if (out.size === 0 && schema.const !== undefined) out.add(typeof schema.const);
  return out;
}

function wordMatch(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length >= 4 && b.length >= 4 && (a.includes(b) || b.includes(a))) return true;
  return a.length > 3 && b.length > 3 && levenshtein(a, b) <= 1;
}

/** The first phrase of a description: "Manager: login, ..." -> "Manager". */
function firstPhrase(description: string | undefined): string {
  return (description ?? '').split(/[.:;(]/)[0] ?? '';
}

/** Code/label pairs listed in a text: "1 Very low/Muito baixa, 2 Low" or "1=Incident, 2=Request". */
function codePairs(text: string): Array<{ code: number; labels: string[] }> {
  const out: Array<{ code: number; labels: string[] }> = [];
  for (const m of text.matchAll(/(?:^|[\s,;:(])(\d{1,2})\s*(?:=|-|:)?\s*([A-Za-zÀ-ÿ][^,;=]*?)(?=\s*(?:,|;|\)|$|\s\d{1,2}\s*(?:=|-|:)?\s*[A-Za-zÀ-ÿ]))/g)) {
    const labels = m[2]
      .split('/')
      .map((s) => s.trim().replace(/\.$/, ''))
      .map((s) => ((s.match(/\)/g) ?? []).length > (s.match(/\(/g) ?? []).length ? s.replace(/\)+$/, '') : s))
      .filter(Boolean);
    if (labels.length) out.push({ code: Number(m[1]), labels });
  }
  return out;
}

export class Agent {
  private session: { id: string; domain: string } | undefined;
  private trace: CallRecord[] = [];

  constructor(private readonly conn: McpConnection) {}

  get tools(): Map<string, ToolInfo> {
    return this.conn.tools;
  }

  async run(task: AgentTask): Promise<TaskRun> {
    this.session = undefined;
    this.trace = [];
    const replies: Reply[] = [];
    const done = (finished: boolean, stuck?: string): TaskRun => ({ replies, finished, stuck, calls: this.trace });

    if (task.session) {
      const opened = await this.switchTo(task.session, 'switch', false);
      if (!opened) return done(false, 'domain_switch failed');
    }
    for (const step of stepsFor(task.steps, this.tools)) {
      if (!this.tools.has(step.tool)) return done(false, `tool ${step.tool} is not offered`);
      let args = typeof step.args === 'function' ? step.args(replies) : clone(step.args);
      args = this.withSessionArgs(step.tool, args, step.omit ?? []);
      let retriedQuery = false;
      let reply: Reply | undefined;
      for (let attempt = 1; ; attempt++) {
        reply = await this.record(step.tool, args, 'main');
        if (reply.ok) {
          const query = args.query;
          if (!retriedQuery && /_search$/.test(step.tool) && itemsOf(reply.body).length === 0 && typeof query === 'string' && query.trim().includes(' ')) {
            retriedQuery = true;
            args = { ...args, query: query.trim().split(/\s+/)[0] };
            continue;
          }
          break;
        }
        if (attempt >= LIMITS.attemptsPerStep) return done(false, `gave up after ${attempt} attempts of ${step.tool}`);
        const repaired = await this.repair(step.tool, args, reply, task.hints ?? {});
        if ('stuck' in repaired) return done(false, repaired.stuck);
        args = repaired.args;
      }
      replies.push(reply);
      if (step.pages === 'all') await this.followPages(step.tool, args, reply, replies);
    }
    return done(true);
  }

  /** Reads further pages while the answer names a next cursor the tool takes back (at most 5). */
  private async followPages(tool: string, args: Args, reply: Reply, replies: Reply[]): Promise<void> {
    const props = this.schemaOf(tool).properties ?? {};
    for (let page = 0; page < 5; page++) {
      const body = reply.body ?? {};
      const holders = [body, body.data].filter((h): h is Record<string, any> => !!h && typeof h === 'object');
      const found = holders.flatMap((h) => Object.entries(h)).find(([key, value]) => /next_cursor$/.test(key) && typeof value === 'string' && key.replace('next_', '') in props);
      if (!found) return;
      args = { ...args, [found[0].replace('next_', '')]: found[1] };
      reply = await this.record(tool, args, 'main');
      if (!reply.ok) return;
      replies.push(reply);
    }
  }

  // ---------------------------------------------------------------- calls and sessions

  private async record(tool: string, args: Args, purpose: CallRecord['purpose']): Promise<Reply> {
    const reply = await this.conn.call(tool, args);
    this.trace.push({ n: this.trace.length + 1, tool, purpose, args: clone(args), ok: reply.ok, note: summarize(reply), hints: reply.ok ? 0 : suggestionsIn(reply) });
    return reply;
  }

  private schemaOf(tool: string): JsonSchema {
    return this.tools.get(tool)?.inputSchema ?? { type: 'object', properties: {} };
  }

  private domainOf(tool: string): string | undefined {
    const prop = this.schemaOf(tool).properties?.domain;
    if (typeof prop?.const === 'string') return prop.const;
    if (prop?.enum?.length === 1 && typeof prop.enum[0] === 'string') return prop.enum[0];
    const prefix = tool.split('_')[0];
    return ['project', 'ticket', 'user'].includes(prefix) ? prefix : undefined;
  }

  /** Adds `domain` and `session_id` where the tool's schema has them, as a model copying the schema does. */
  private withSessionArgs(tool: string, args: Args, omit: Array<'session_id' | 'domain'>): Args {
    const props = this.schemaOf(tool).properties ?? {};
    const out: Args = {};
    if ('session_id' in props && !omit.includes('session_id') && this.session && args.session_id === undefined) out.session_id = this.session.id;
    const domain = this.domainOf(tool);
    if ('domain' in props && !omit.includes('domain') && domain && args.domain === undefined) out.domain = domain;
    return { ...out, ...args };
  }

  private adoptSession(reply: Reply, domain: string): boolean {
    const b = reply.body ?? {};
    const id = b.session_id ?? b.data?.session_id ?? b.id;
    if (!reply.ok || typeof id !== 'string') return false;
    this.session = { id, domain: typeof b.data?.domain === 'string' ? b.data.domain : domain };
    return true;
  }

  /** domain_switch to `domain`: moves the current session when `move` and there is one, else opens one. */
  private async switchTo(domain: string, purpose: CallRecord['purpose'], move: boolean): Promise<boolean> {
    if (!this.tools.has(SESSION_TOOL)) return false;
    const args: Args = { domain };
    if (move && this.session) args.session_id = this.session.id;
    const reply = await this.record(SESSION_TOOL, args, purpose);
    return this.adoptSession(reply, domain);
  }

  // ---------------------------------------------------------------- repair

  private async repair(tool: string, args: Args, reply: Reply, hints: Record<string, string>): Promise<{ args: Args } | { stuck: string }> {
    const body = reply.body ?? {};
    const err: Record<string, any> = body.error && typeof body.error === 'object' ? body.error : body;
    const message = String(err.message ?? body.message ?? reply.text ?? '');
    const issues: Issue[] = Array.isArray(err.issues) ? err.issues : [];
    const next = err.next_call ?? body.next_call;
    const fixed = clone(args);
    const callsBefore = this.trace.length;
    let changed = false;

    if (next && typeof next.tool === 'string') {
      const nextArgs = (next.arguments ?? {}) as Args;
      const r = await this.record(next.tool, nextArgs, 'next_call');
      if (!r.ok) return { stuck: `next_call ${next.tool} failed` };
      if (next.tool === SESSION_TOOL) this.adoptSession(r, String(nextArgs.domain ?? ''));
      if (this.session && 'session_id' in (this.schemaOf(tool).properties ?? {})) fixed.session_id = this.session.id;
      changed = true;
    }

    const rank = (i: Issue) => (i.code === 'UNKNOWN_FIELD' ? 0 : i.code === 'REQUIRED' ? 2 : 1);
    const unfixed: string[] = [];
    for (const issue of [...issues].sort((a, b) => rank(a) - rank(b))) {
      if (await this.fixIssue(tool, fixed, issue, hints)) changed = true;
      else unfixed.push(`${issue.field}:${issue.code}`);
    }

    if (!changed && issues.length === 0) changed = await this.fixFromText(tool, fixed, message, hints);
    // A domain_switch made while repairing is progress even when the arguments stay the same.
    const switched = this.trace.slice(callsBefore).some((c) => c.tool === SESSION_TOOL && c.ok);
    if (!changed || (JSON.stringify(fixed) === JSON.stringify(args) && !switched)) {
      return { stuck: `no actionable fix for: ${unfixed.join(', ') || message.slice(0, 140)}` };
    }
    return { args: fixed };
  }

  private async fixIssue(tool: string, args: Args, issue: Issue, hints: Record<string, string>): Promise<boolean> {
    const field = String(issue.field ?? '');
    const code = String(issue.code ?? '');
    const props = this.schemaOf(tool).properties ?? {};

    // An issue about one entry of a list ("add_observers[1]"): a model fixes that entry alone.
    const entry = /^(.+)\[(\d+)\]$/.exec(field);
    if (entry && Array.isArray(args[entry[1]])) {
      const list = [...(args[entry[1]] as unknown[])];
      const index = Number(entry[2]);
      if (code === 'REFERENCE_AMBIGUOUS' && Array.isArray(issue.candidates)) {
        const pick = this.pickCandidate(issue.candidates as Candidate[], String(list[index]), hints);
        if (!pick) return false;
        list[index] = pick.id;
      } else if (issue.did_you_mean !== undefined && issue.did_you_mean !== list[index]) list[index] = issue.did_you_mean;
      else return false;
      args[entry[1]] = list;
      return true;
    }

    if (code === 'UNKNOWN_FIELD' || (field in args && !(field in props) && Object.keys(props).length > 0)) {
      if (!(field in args)) return false;
      const target =
        typeof issue.did_you_mean === 'string' && issue.did_you_mean !== field
          ? issue.did_you_mean
          : this.pickField(tool, field, args, Array.isArray(issue.available) ? issue.available.map(String) : undefined);
      const value = args[field];
      delete args[field];
      if (target && args[target] === undefined) args[target] = value;
      return true;
    }
    if (code === 'REQUIRED') {
      if (field === 'session_id') return this.ensureSession(tool, args);
      if (field === 'domain') {
        const d = this.domainOf(tool);
        if (d) args.domain = d;
        return !!d;
      }
      return args[field] !== undefined; // supplied by a rename in this same round
    }
    if (!(field in args)) return false;
    const current = args[field];

    if (code === 'REFERENCE_AMBIGUOUS' && Array.isArray(issue.candidates)) {
      const pick = this.pickCandidate(issue.candidates as Candidate[], String(current), hints);
      if (!pick) return false;
      args[field] = pick.id;
      return true;
    }
    // A name not found, and the user said which one it meant (the one in Porto): the listed record that fits, by id.
    const hint = hints[String(current)];
    if (code === 'REFERENCE_NOT_FOUND' && hint && Array.isArray(issue.available_records)) {
      const meant = hinted(issue.available_records as Candidate[], hint);
      if (meant) {
        args[field] = meant.id;
        return true;
      }
    }
    if ((typeof issue.did_you_mean === 'string' || typeof issue.did_you_mean === 'number') && issue.did_you_mean !== current) {
      args[field] = issue.did_you_mean;
      return true;
    }
    const expected = typeof issue.expected === 'string' ? issue.expected : '';
    if (typeof current === 'string') {
      if (code === 'INVALID_DATE' || mentionsDateFormat(expected)) {
        const wall = guessDate(current);
        const out = wall && reformat(wall, expected || (props[field]?.description ?? ''));
        if (out && out !== current) {
          args[field] = out;
          return true;
        }
      }
      if (Array.isArray(issue.available) && issue.available.length > 0) {
        const pick = pickClosest(current, issue.available.map(String), (x) => x);
        if (pick !== undefined && pick !== current) {
          args[field] = pick;
          return true;
        }
      }
      const fromText = this.fromText(current, expected);
      if (fromText !== undefined && fromText !== current) {
        args[field] = fromText;
        return true;
      }
    }
    return this.fixField(tool, args, field, hints);
  }

  /** An integer, a listed code, or a token equal but for case and separators, read out of a text. */
  private fromText(current: string, text: string): unknown {
    if (!text) return undefined;
    if (/integer|number/i.test(text) && /^\s*-?\d+(?:[.,]0+)?\s*%?\s*$/.test(current)) return parseInt(current, 10);
    const pairs = codePairs(text);
    if (pairs.length >= 2 && !/^\s*\d+\s*$/.test(current)) {
      const pick = pickClosest(current, pairs, (p) => p.labels, 0.6);
      if (pick) return pick.code;
    }
    for (const token of text.split(/[\s,;()"'`]+/)) {
      const t = token.replace(/[.:]$/, '');
      if (t && sameModuloSeparators(t, current)) return t;
    }
    return undefined;
  }

  /** Fixes one field from the schema alone (the error named it, or the schema shows it is wrong). */
  private async fixField(tool: string, args: Args, field: string, hints: Record<string, string>): Promise<boolean> {
    const props = this.schemaOf(tool).properties ?? {};
    const prop = props[field];
    if (field === 'session_id') return this.ensureSession(tool, args);
    if (!prop) {
      if (!(field in args)) return false;
      const target = this.pickField(tool, field, args);
      const value = args[field];
      delete args[field];
      if (target && args[target] === undefined) args[target] = value;
      return true;
    }
    const value = args[field];
    if (value === undefined) return false;
    const types = typesOf(prop);
    const description = prop.description ?? '';
    if (typeof value === 'string') {
      if (types.has('integer') || types.has('number')) {
        // A duration where the description asks for seconds: a model does the arithmetic.
        const seconds = /\bseconds?\b/i.test(description) ? guessSeconds(value) : undefined;
        if (seconds !== undefined) {
          args[field] = seconds;
          return true;
        }
        const fromDescription = this.fromText(value, `integer ${description}`);
        if (typeof fromDescription === 'number') {
          args[field] = fromDescription;
          return true;
        }
        if (!/^\s*\d+\s*$/.test(value) && codePairs(description).length < 2) {
          const id = await this.explore(tool, field, value, hints);
          if (id !== undefined) {
            args[field] = id;
            return true;
          }
          return false;
        }
      }
      if (prop.format?.startsWith('date') || mentionsDateFormat(description)) {
        const wall = guessDate(value);
        const named = mentionsDateFormat(description) ? description : prop.format === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DDTHH:MM:SS';
        const out = wall && reformat(wall, named);
        if (out && out !== value) {
          args[field] = out;
          return true;
        }
      }
      if (prop.enum?.length) {
        const pick = pickClosest(value, prop.enum.map(String), (x) => x);
        if (pick !== undefined && pick !== value) {
          args[field] = pick;
          // "priority desc" where the direction is a field of its own (order: ASC/DESC): a model moves it there.
          const order = Object.entries(props).find(([name, p]) => name !== field && p.enum?.map(String).includes('DESC'));
          if (order && /\bdesc/i.test(value) && args[order[0]] === undefined) args[order[0]] = 'DESC';
          return true;
        }
      }
      const token = this.fromText(value, description);
      if (token !== undefined && token !== value) {
        args[field] = token;
        return true;
      }
      // "true", or a yes/no word a model reads as one (sim, não), where the field takes a boolean.
      const yesNo = /^(true|yes|sim)$/i.test(value) ? true : /^(false|no|n[aã]o)$/i.test(value) ? false : undefined;
      if (yesNo !== undefined && types.has('boolean')) {
        args[field] = yesNo;
        return true;
      }
    }
    if (typeof value === 'number' && types.has('string') && !types.has('integer') && !types.has('number')) {
      args[field] = String(value);
      return true;
    }
    return false;
  }

  /** An error with no issues: read the message as a model would. */
  private async fixFromText(tool: string, args: Args, message: string, hints: Record<string, string>): Promise<boolean> {
    const props = this.schemaOf(tool).properties ?? {};
    const named = [...Object.keys(args), ...Object.keys(props)].find((k) => new RegExp(`(?<![A-Za-z0-9_])${k}(?![A-Za-z0-9_])`).test(message));
    if (named && named !== 'domain' && named !== 'session_id') return this.fixField(tool, args, named, hints);
    // Session problems: no session, or a session of another domain.
    if (named === 'session_id' || /\bsession\b/i.test(message)) return this.ensureSession(tool, args, true);
    if (named === 'domain' || /\bdomain\b/i.test(message)) {
      const d = this.domainOf(tool);
      if (!d) return false;
      if (args.domain !== d) {
        args.domain = d;
        return true;
      }
      if (!(await this.switchTo(d, 'switch', true))) return false;
      if ('session_id' in props) args.session_id = this.session!.id;
      return true;
    }
    // Nothing named: compare the arguments with the schema and fix every mismatch found.
    let changed = false;
    for (const field of this.schemaViolations(tool, args)) {
      if (await this.fixField(tool, args, field, hints)) changed = true;
    }
    return changed;
  }

  private schemaViolations(tool: string, args: Args): string[] {
    const schema = this.schemaOf(tool);
    const props = schema.properties ?? {};
    const out: string[] = [];
    for (const [key, value] of Object.entries(args)) {
      const prop = props[key];
      if (!prop) {
        if (schema.additionalProperties === false) out.push(key);
        continue;
      }
      const types = typesOf(prop);
      const kind = value === null ? 'null' : Number.isInteger(value) ? 'integer' : typeof value;
      const accepted = types.size === 0 || types.has(kind) || (kind === 'integer' && types.has('number'));
      const badDate = typeof value === 'string' && prop.format?.startsWith('date') && !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?/.test(value);
      if (!accepted || badDate) out.push(key);
    }
    for (const key of schema.required ?? []) if (args[key] === undefined && key === 'session_id') out.push(key);
    return out;
  }

  private async ensureSession(tool: string, args: Args, fresh = false): Promise<boolean> {
    const domain = this.domainOf(tool);
    if (!domain) return false;
    if (fresh || !this.session || this.session.domain !== domain) {
      if (!(await this.switchTo(domain, 'switch', !fresh && !!this.session))) return false;
    }
    args.session_id = this.session!.id;
    return true;
  }

  // ---------------------------------------------------------------- choosing

  /** The schema property a wrong field name most plausibly meant, by name and by description. */
  private pickField(tool: string, wrong: string, args: Args, available?: string[]): string | undefined {
    const props = this.schemaOf(tool).properties ?? {};
    const domain = this.domainOf(tool);
    const names = (available?.length ? available : Object.keys(props)).filter((p) => !CONTROL_FIELDS.has(p) && args[p] === undefined);
    const wrongWords = words(wrong);
    const stripped = wrongWords.filter((w) => w !== domain);
    const forms = new Set([wrong, ...variants(wrong), stripped.join(' ') || 'id']);
    let best: string | undefined;
    let bestScore = 0.5;
    for (const name of names) {
      let score = 0;
      for (const f of forms) score = Math.max(score, similarity(f, name));
      const phraseWords = words(firstPhrase(props[name]?.description));
      if (phraseWords.length) {
        for (const f of forms) {
          const fw = words(f);
          if (!fw.length) continue;
          const hits = fw.filter((w) => phraseWords.some((p) => wordMatch(p, w))).length;
          if (hits === fw.length) score = Math.max(score, 0.6 + (0.3 * hits) / phraseWords.length);
        }
      }
      if (score > bestScore) {
        best = name;
        bestScore = score;
      }
    }
    return best;
  }

  private pickCandidate(candidates: Candidate[], value: string, hints: Record<string, string>): Candidate | undefined {
    const hint = hints[value];
    if (hint) return hinted(candidates, hint) ?? pickClosest(hint, candidates, candidateText, 0.3);
    return pickClosest(value, candidates, (c) => String(c.name), 0.3) ?? candidates[0];
  }

  private labelsOf(item: Record<string, any>): string[] {
    const out: string[] = [];
    for (const key of ['name', 'completename', 'login', 'email']) if (typeof item[key] === 'string') out.push(item[key]);
    if (typeof item.firstname === 'string' || typeof item.realname === 'string') {
      out.push(`${item.firstname ?? ''} ${item.realname ?? ''}`.trim());
    }
    return out;
  }

  private pickItem(items: Array<Record<string, any>>, value: string, hints: Record<string, string>): Record<string, any> | undefined {
    const hint = hints[value];
    if (hint) {
      const hit = items.find((i) => this.labelsOf(i).some((l) => sameModuloSeparators(l, hint)));
      if (hit) return hit;
    }
    const exact = items.filter((i) => this.labelsOf(i).some((l) => norm(l) === norm(value)));
    if (exact.length === 1) return exact[0];
    return pickClosest(value, items, (i) => this.labelsOf(i), 0.5);
  }

  /** The list/search tool a reference field is looked up with. */
  private chooseLookup(tool: string, field: string): ToolInfo | undefined {
    const prop = this.schemaOf(tool).properties?.[field];
    const description = prop?.description ?? '';
    const lookups = [...this.tools.values()].filter((t) => t.name !== tool && /_(list|search)$/.test(t.name));
    const mentioned = lookups.find((t) => description.includes(t.name));
    if (mentioned) return mentioned;
    let fieldWords = words(field);
    if (fieldWords.length === 0) fieldWords = [this.domainOf(tool) ?? ''];
    const descWords = words(description);
    let best: ToolInfo | undefined;
    let bestScore = 0;
    let bestUnmatched = Infinity;
    for (const t of lookups) {
      const toolWords = words(t.name).filter((w) => w !== 'list' && w !== 'search');
      let score = 0;
      let unmatched = 0;
      for (const tw of toolWords) {
        if (fieldWords.some((f) => wordMatch(f, tw))) score += 2;
        else if (descWords.some((d) => wordMatch(d, tw))) score += 1;
        else unmatched++;
      }
      if (score > bestScore || (score === bestScore && score > 0 && unmatched < bestUnmatched)) {
        best = t;
        bestScore = score;
        bestUnmatched = unmatched;
      }
    }
    return best;
  }

  /** Looks a name up with a list/search tool and returns the id of the record it most plausibly means. */
  private async explore(tool: string, field: string, value: string, hints: Record<string, string>): Promise<number | undefined> {
    const lookup = this.chooseLookup(tool, field);
    if (!lookup) return undefined;
    const props = lookup.inputSchema.properties ?? {};
    const textParam = ['query', 'q', 'search', 'name', 'login'].find((p) => p in props);
    const parts = value.trim().split(/\s+/);
    const queries = textParam ? [...new Set([value, ...(parts.length > 1 ? [parts[0], parts[parts.length - 1]] : [])])] : [value];
    let budget = LIMITS.explorationsPerReference;
    for (const q of queries) {
      if (budget <= 0) return undefined;
      budget--;
      let args = this.withSessionArgs(lookup.name, textParam ? { [textParam]: q } : {}, []);
      let reply = await this.record(lookup.name, args, 'explore');
      const next = reply.body?.error?.next_call;
      if (!reply.ok && next?.tool === SESSION_TOOL && budget > 0) {
        const r = await this.record(SESSION_TOOL, next.arguments ?? {}, 'next_call');
        this.adoptSession(r, String(next.arguments?.domain ?? ''));
        budget--;
        args = this.withSessionArgs(lookup.name, textParam ? { [textParam]: q } : {}, []);
        reply = await this.record(lookup.name, args, 'explore');
      }
      if (!reply.ok) return undefined;
      const pick = this.pickItem(itemsOf(reply.body), value, hints);
      if (pick && (typeof pick.id === 'number' || /^\d+$/.test(String(pick.id)))) return Number(pick.id);
      if (!textParam) return undefined;
    }
    return undefined;
  }
}

/** How many did_you_mean suggestions a refused call's answer made. */
function suggestionsIn(reply: Reply): number {
  const issues = (reply.body as { error?: { issues?: Issue[] } } | undefined)?.error?.issues;
  return Array.isArray(issues) ? issues.filter((i) => i.did_you_mean !== undefined).length : 0;
}

/** One line about a reply, for traces. */
export function summarize(reply: Reply): string {
  const b = reply.body;
  if (reply.ok) {
    const id = b?.id ?? b?.data?.id;
    const items = itemsOf(b);
    return items.length || /items/.test(reply.text) ? `ok (${items.length} items)` : id !== undefined ? `ok (id ${id})` : 'ok';
  }
  const err = b?.error && typeof b.error === 'object' ? b.error : b;
  if (err?.code) {
    const issues = Array.isArray(err.issues)
      ? err.issues.map((i: Issue) => `${i.field} ${i.code}${i.did_you_mean !== undefined ? `→${i.did_you_mean}` : i.candidates ? ` [${i.candidates.length} candidates]` : i.available ? ' [available]' : ''}`).join('; ')
      : '';
    return `${err.code}${err.next_call ? ` next_call ${err.next_call.tool}` : ''}${issues ? `: ${issues}` : ''}`;
  }
  return (reply.text || 'error').replace(/\s+/g, ' ').slice(0, 120);
}
