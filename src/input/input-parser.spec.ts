import { jest } from '@jest/globals';
import fc from 'fast-check';
import { DATE_FORMATS_EXPECTED, zoneInForce } from '../dates/dates.js';
import { echo, ECHO_LIMIT } from '../envelope/echo.js';
import type { Issue } from '../envelope/issue.js';
import { AddEntryDto } from '../tickets/timeline/dto/add-entry.dto.js';
import { UpdateUserDto } from '../users/dto/update-user.dto.js';
import { domainArgument } from './dto/call-args.dto.js';
import { withAliases } from './field-aliases.js';
import { fieldsOf } from './field-spec.js';
import {
  ActorsField,
  BoolField,
  ChoiceField,
  ChoicesField,
  DateField,
  EnumField,
  IntField,
  McpTextField,
  RefField,
  TextField,
  TimezoneField,
} from './fields.js';
import { metaOf } from './input-meta.js';
import { InputParser, type ReferenceLookup } from './input-parser.js';
import { inputJsonSchema } from './json-schema.js';
import type { NameScope } from './references/reference-scope.js';
import { URGENCY } from './vocab/glpi-vocabularies.js';

class SampleDto {
  @McpTextField({ required: true, description: 'session' })
  session_id!: string;

  @TextField({ required: true, maxLength: 10, description: 'name', aliases: ['title'] })
  name!: string;

  @TextField({ email: true, description: 'email' })
  email?: string;

  @IntField({ min: 0, max: 100, unit: 'percent', description: 'percent', aliases: ['progress'] })
  percent_done?: number;

  @BoolField({ description: 'flag' })
  dry_run?: boolean;

  @EnumField(URGENCY, { description: 'urgency' })
  urgency?: number;

  @DateField({ nullable: true, description: 'start' })
  plan_start_date?: Date | null;

  @TimezoneField({ description: 'zone' })
  timezone?: string;

  @RefField('projectState', { description: 'state', aliases: ['status', 'state'] })
  projectstates_id?: number;

  @ChoiceField(['name', '-name'], { description: 'sort' })
  sort?: string;

  @ChoicesField(['id', 'name'], { description: 'fields' })
  fields?: string[];
}

const STATES = [
  { id: 1, name: 'New' },
  { id: 2, name: 'Processing' },
  { id: 3, name: 'Closed' },
];

/** Resolves project states like the real resolver: ids, exact names, case-insensitive names; 'Dup' is ambiguous; echoes are cut. */
const lookup: ReferenceLookup = {
  async resolve(_kind: string, field: string, input: unknown, _scope: NameScope | undefined) {
    if (input === 'Dup') {
      return {
        ok: false as const,
        issue: {
          field,
          code: 'REFERENCE_AMBIGUOUS' as const,
          received: input,
          message: 'ambiguous',
          candidates: [
            { id: 7, name: 'Dup' },
            { id: 8, name: 'Dup' },
          ],
        },
      };
    }
    // Like the real resolver, only numbers and strings are looked up (an object may not even convert).
    if (typeof input !== 'number' && typeof input !== 'string') {
      return {
        ok: false as const,
        issue: { field, code: 'INVALID_TYPE' as const, received: echo(input), message: 'integer id or name', expected: 'integer id or name' },
      };
    }
    const found = STATES.find((s) => s.id === Number(input) || s.name.toLowerCase() === input.toString().toLowerCase());
    if (found) return { ok: true as const, id: found.id, name: found.name };
    return {
      ok: false as const,
      issue: {
        field,
        code: 'REFERENCE_NOT_FOUND' as const,
        received: echo(input),
        message: 'not found',
        available: STATES.map((s) => s.name),
        did_you_mean: 'Processing',
      },
    };
  },
};

const parser = new InputParser(lookup);
/** The fields of a call of a project tool taking SampleDto: its policy puts the `domain` argument first. */
const FIELDS = [domainArgument('project'), ...(fieldsOf(SampleDto) ?? [])];
const options = { mode: 'json' as const, transport: 'mcp' as const, zone: 'UTC', scope: undefined, fields: FIELDS };
const base = { domain: 'project', session_id: 'ses_x', name: 'ok' };

async function issuesOf(args: Record<string, unknown>): Promise<Issue[]> {
  const result = await parser.parse(SampleDto, args, options);
  return result.ok ? [] : result.issues;
}

describe('InputParser', () => {
  it("refuses arguments that are no object, saying what they are, as a tool call's arguments or a REST body", async () => {
    const refusal = async (raw: unknown, transport: 'mcp' | 'rest') => {
      const result = await parser.parse(SampleDto, raw, { ...options, transport });
      return result.ok ? [] : result.issues;
    };
    expect(await refusal([1, 2], 'mcp')).toEqual([
      { field: '(arguments)', code: 'INVALID_TYPE', received: '[1,2]', message: 'The arguments must be a JSON object; it is an array.', expected: 'object' },
    ]);
    expect(await refusal(null, 'rest')).toEqual([
      { field: '(body)', code: 'INVALID_TYPE', received: null, message: 'The request body must be a JSON object; it is null.', expected: 'object' },
    ]);
    expect((await refusal(42, 'rest'))[0].message).toBe('The request body must be a JSON object; it is a number.');
    // No arguments at all are an empty object: the required fields are named.
    expect((await refusal(undefined, 'rest')).map((i) => [i.field, i.code])).toEqual([['name', 'REQUIRED']]);
  });

  it('normalizes names, labels, dates and zones, and records what it resolved', async () => {
    const args = {
      ...base,
      urgency: 'Alta',
      plan_start_date: '2026-06-01',
      timezone: 'America/Sao_Paulo',
      projectstates_id: 'processing',
      sort: 'NAME',
      fields: 'id,name',
    };
    // The transport puts the zone in force into the call: here, the call's own argument.
    const result = await parser.parse(SampleDto, args, { ...options, zone: zoneInForce(args.timezone, null, 'UTC') });
    if (!result.ok) throw new Error(`expected the arguments to parse, got ${JSON.stringify(result.issues)}`);
    const value = result.value;
    expect(value.urgency).toBe(4);
    expect(value.projectstates_id).toBe(2);
    expect(value.plan_start_date?.toISOString()).toBe('2026-06-01T03:00:00.000Z');
    expect(value.sort).toBe('name');
    expect(metaOf(value).resolved.projectstates_id).toEqual({ input: 'processing', id: 2, name: 'Processing' });
    expect([...metaOf(value).provided]).toContain('plan_start_date');
  });

  it('says which value a label or word named in an enum field, and says nothing of a code', async () => {
    const resolvedOf = async (urgency: unknown) => {
      const result = await parser.parse(SampleDto, { ...base, urgency }, options);
      if (!result.ok) throw new Error(`expected the arguments to parse, got ${JSON.stringify(result.issues)}`);
      return metaOf(result.value).resolved.urgency;
    };
    expect(await resolvedOf('Alta')).toEqual({ input: 'Alta', id: 4, name: 'High' });
    expect(await resolvedOf('muito alta')).toEqual({ input: 'muito alta', id: 5, name: 'Very high' });
    expect(await resolvedOf(4)).toBeUndefined();
    expect(await resolvedOf(' 4 ')).toBeUndefined();
  });

  it('reports every issue code, all in one pass', async () => {
    const issues = await issuesOf({
      domain: 'project',
      session_id: 'ses_x',
      email: 'not-an-email',
      percent_done: 150,
      dry_run: 'talvez',
      urgency: 'zangada',
      plan_start_date: '2026-02-30',
      projectstates_id: 'AbacaxiDoido',
      state: 'New',
    });
    const codes = Object.fromEntries(issues.map((i) => [i.field, i.code]));
    expect(codes).toEqual({
      name: 'REQUIRED',
      email: 'INVALID_VALUE',
      percent_done: 'OUT_OF_RANGE',
      dry_run: 'INVALID_TYPE',
      urgency: 'INVALID_VALUE',
      plan_start_date: 'INVALID_DATE',
      projectstates_id: 'REFERENCE_NOT_FOUND',
      state: 'UNKNOWN_FIELD',
    });
    // projectstates_id is sent too: never suggested for state.
    expect(issues.find((i) => i.field === 'state')?.did_you_mean).toBeUndefined();
    expect(issues.find((i) => i.field === 'plan_start_date')?.expected).toMatch(/YYYY-MM-DD/);
  });

  it('reports TOO_LONG, ambiguous references and bad zones', async () => {
    const issues = await issuesOf({ ...base, name: 'x'.repeat(11), projectstates_id: 'Dup', timezone: 'Mars/Base' });
    expect(issues.map((i) => [i.field, i.code])).toEqual([
      ['name', 'TOO_LONG'],
      ['timezone', 'INVALID_VALUE'],
      ['projectstates_id', 'REFERENCE_AMBIGUOUS'],
    ]);
    expect(issues.find((i) => i.code === 'REFERENCE_AMBIGUOUS')?.candidates).toHaveLength(2);
  });

  it('rejects non-object arguments and bad list entries', async () => {
    expect((await issuesOf([] as unknown as Record<string, unknown>))[0].code).toBe('INVALID_TYPE');
    const issues = await issuesOf({ ...base, fields: ['id', 'nmae'], sort: 'date' });
    expect(issues.map((i) => i.field).sort()).toEqual(['fields', 'sort']);
    expect(issues.find((i) => i.field === 'fields')?.did_you_mean).toBe('id, name');
  });

  it('takes a list of one as its value wherever one value goes, and refuses a list of several once', async () => {
    const args = {
      ...base,
      name: ['ok'],
      percent_done: ['40%'],
      dry_run: ['yes'],
      urgency: ['Alta'],
      plan_start_date: ['2026-06-01'],
      timezone: ['UTC'],
      projectstates_id: ['processing'],
      sort: ['NAME'],
    };
    const result = await parser.parse(SampleDto, args, options);
    if (!result.ok) throw new Error(`expected the arguments to parse, got ${JSON.stringify(result.issues)}`);
    const value = result.value;
    expect([value.name, value.percent_done, value.dry_run, value.urgency, value.timezone, value.projectstates_id, value.sort]).toEqual([
      'ok',
      40,
      true,
      4,
      'UTC',
      2,
      'name',
    ]);
    expect(value.plan_start_date?.toISOString()).toBe('2026-06-01T00:00:00.000Z');
    // A record copied from an answer, in a list of one, is that record.
    const copied = await parser.parse(SampleDto, { ...base, projectstates_id: [{ id: 2, name: 'Processing' }] }, options);
    expect(copied.ok && copied.value.projectstates_id).toBe(2);

    // Several where one goes: one issue for the field, nothing else said of it (a required field is not also REQUIRED).
    expect(await issuesOf({ ...base, name: ['a', 'b'], sort: ['name', '-name'], dry_run: [] })).toEqual([
      {
        field: 'name',
        code: 'INVALID_TYPE',
        received: '["a","b"]',
        message: 'name takes one value, and the list sent names 2: send one.',
        expected: 'a string of at most 10 characters',
      },
      {
        field: 'dry_run',
        code: 'INVALID_TYPE',
        received: '[]',
        message: 'dry_run takes one value, and the list sent is empty: send one.',
        expected: 'true or false',
      },
      {
        field: 'sort',
        code: 'INVALID_TYPE',
        received: '["name","-name"]',
        message: 'sort takes one value, and the list sent names 2: send one.',
        expected: 'name, -name',
        available: ['name', '-name'],
      },
    ]);
    // What a date field expects is said as every date issue says it: the formats it takes.
    expect((await issuesOf({ ...base, plan_start_date: [] }))[0].expected).toBe(DATE_FORMATS_EXPECTED);
    // A field that takes a list keeps taking it.
    const listed = await parser.parse(SampleDto, { ...base, fields: ['id'] }, options);
    expect(listed.ok && listed.value.fields).toEqual(['id']);
  });

  it('allows null only where a field may be cleared', async () => {
    expect(await issuesOf({ ...base, plan_start_date: null })).toEqual([]);
    expect((await issuesOf({ ...base, urgency: null }))[0].code).toBe('INVALID_TYPE');
    expect((await issuesOf({ ...base, name: null }))[0].code).toBe('REQUIRED');
  });

  it('does not take MCP-only fields on REST', async () => {
    const result = await parser.parse(SampleDto, { name: 'ok', session_id: 'ses_x' }, { ...options, transport: 'rest' });
    expect(!result.ok && result.issues.map((i) => [i.field, i.code])).toEqual([['session_id', 'UNKNOWN_FIELD']]);
  });

  it('reads integers and booleans from query strings', async () => {
    const result = await parser.parse(SampleDto, { ...base, percent_done: '40', dry_run: 'true' }, { ...options, mode: 'query' });
    expect(result.ok && [result.value.percent_done, result.value.dry_run]).toEqual([40, true]);
  });

  it('reads integers and booleans sent as text in JSON, a percentage with its sign, and refuses the rest', async () => {
    for (const [sent, expected] of [
      ['60', 60],
      ['60%', 60],
      [' 60 % ', 60],
      ['60.0', 60],
      ['+7', 7],
      ['60 percent', 60],
      ['60 Per Cent', 60],
      ['60 por cento', 60],
      ['60pct', 60],
    ] as const) {
      const result = await parser.parse(SampleDto, { ...base, percent_done: sent, dry_run: 'FALSE' }, options);
      expect(result.ok && [result.value.percent_done, result.value.dry_run]).toEqual([expected, false]);
    }
    const refused = await issuesOf({ ...base, percent_done: '60.5', dry_run: 'maybe' });
    expect(refused.map((i) => [i.field, i.code, i.received])).toEqual([
      ['percent_done', 'INVALID_TYPE', '60.5'],
      ['dry_run', 'INVALID_TYPE', 'maybe'],
    ]);
    expect((await issuesOf({ ...base, percent_done: '150%' })).map((i) => [i.field, i.code])).toEqual([['percent_done', 'OUT_OF_RANGE']]);
    expect((await issuesOf({ ...base, percent_done: '60 percentiles' })).map((i) => [i.field, i.code])).toEqual([['percent_done', 'INVALID_TYPE']]);
    // Text stays text: a name made of digits is not turned into a number.
    const digits = await parser.parse(SampleDto, { ...base, name: '2026' }, options);
    expect(digits.ok && digits.value.name).toBe('2026');
  });

  it('derives a JSON Schema with oneOf references, a const domain, text forms typed, and unknown names left to the server', () => {
    const schema = inputJsonSchema(FIELDS, 'mcp', () => ['New', 'Processing']) as { properties: Record<string, Record<string, unknown>>; required: string[] };
    // The server answers an unknown name with did_you_mean; a schema that forbade it would let a client refuse it first.
    expect(schema).not.toHaveProperty('additionalProperties');
    // What the server reads from text ("60%", "true") a validating client must let through.
    expect(schema.properties.percent_done.type).toEqual(['integer', 'string']);
    expect(schema.properties.dry_run.type).toEqual(['boolean', 'string']);
    const rest = inputJsonSchema(FIELDS, 'rest') as { properties: Record<string, Record<string, unknown>> };
    expect(rest.properties.percent_done.type).toBe('integer');
    expect(schema.required).toEqual(['domain', 'session_id', 'name']);
    expect(schema.properties.domain.const).toBe('project');
    expect(schema.properties.projectstates_id.oneOf).toEqual([{ type: 'integer' }, { type: 'string' }]);
    expect(String(schema.properties.projectstates_id.description)).toMatch(/"(New|Processing)"/);
    expect(String(schema.properties.urgency.description)).toContain('4 High');
    expect(inputJsonSchema(FIELDS, 'rest').properties).not.toHaveProperty('session_id');
  });

  it("takes a choice's other words as its value, and nothing but the values in the schema", async () => {
    class RoleDto {
      @ChoiceField(['assignee', 'observer'], { description: 'role', words: { assignee: ['assigned', 'atribuído'], observer: ['watching'] } })
      role?: string;
    }
    const roleFields = fieldsOf(RoleDto) ?? [];
    const roleOptions = { ...options, fields: roleFields };
    for (const [sent, value] of [
      ['Assigned', 'assignee'],
      ['ATRIBUIDO', 'assignee'],
      ['watching', 'observer'],
    ]) {
      const result = await parser.parse(RoleDto, { role: sent }, roleOptions);
      expect(result.ok && result.value.role).toBe(value);
    }
    const refused = await parser.parse(RoleDto, { role: 'watchers' }, roleOptions);
    expect(refused.ok ? [] : refused.issues).toEqual([expect.objectContaining({ field: 'role', code: 'INVALID_VALUE', did_you_mean: 'observer' })]);
    const roleSchema = inputJsonSchema(roleFields, 'mcp') as { properties: Record<string, unknown> };
    expect(roleSchema.properties.role).toEqual({ type: 'string', enum: ['assignee', 'observer'], description: 'role' });
  });

  it('reads "x desc" as the descending sort', async () => {
    const result = await parser.parse(SampleDto, { ...base, sort: 'name DESC' }, options);
    expect(result.ok && result.value.sort).toBe('-name');
  });

  it('checks a value sent under a wrong name as if sent under the suggested one, in the same pass', async () => {
    const issues = await issuesOf({ ...base, state: 'AbacaxiDoido' });
    expect(issues.map((i) => [i.field, i.code])).toEqual([
      ['projectstates_id', 'REFERENCE_NOT_FOUND'],
      ['state', 'UNKNOWN_FIELD'],
    ]);
    const renamedOnly = await issuesOf({ domain: 'project', session_id: 'ses_x', title: 'ok' });
    expect(renamedOnly).toMatchObject([{ field: 'title', code: 'UNKNOWN_FIELD', did_you_mean: 'name' }]);
  });

  it('suggests fields by their common other names', async () => {
    const issues = await issuesOf({ ...base, status: 'New', progress: 3 });
    expect(issues.map((i) => [i.field, i.did_you_mean])).toEqual([
      ['status', 'projectstates_id'],
      ['progress', 'percent_done'],
    ]);
  });

  it("names the field an alias stands for when the call sends that field too, and suggests neither in the other's place", async () => {
    const issues = await issuesOf({ ...base, name: 'Ana Costa', title: 'ana.costa' });
    expect(issues).toEqual([
      {
        field: 'title',
        code: 'UNKNOWN_FIELD',
        received: 'ana.costa',
        message: "Unknown field 'title': here it is name, which this call also sends ('Ana Costa'). Send in name the value it is to hold, once. name: name",
      },
    ]);
    // A misspelling of a field sent is no alias: the known fields are listed as before.
    expect((await issuesOf({ ...base, nmae: 'x' }))[0]).toMatchObject({ field: 'nmae', code: 'UNKNOWN_FIELD', available: expect.any(Array) });
  });

  it('suggests the list form of a field for a list sent under one of its names', async () => {
    class ActorsDto {
      @RefField('user', { description: 'assignee', aliases: ['assigned_to'] })
      assignee_id?: number;

      @ActorsField({ description: 'assignees' })
      assignees?: unknown[];

      @RefField('user', { description: 'member' })
      member_id?: number;

      @ActorsField({ description: 'members to add' })
      add_members?: unknown[];
    }
    const fields = [domainArgument('ticket'), ...(fieldsOf(ActorsDto) ?? [])];
    const suggestionFor = async (args: Record<string, unknown>) => {
      const result = await parser.parse(ActorsDto, { domain: 'ticket', ...args }, { ...options, fields });
      return (result.ok ? [] : result.issues).find((i) => i.code === 'UNKNOWN_FIELD')?.did_you_mean;
    };
    expect(await suggestionFor({ assigned_to: ['tech', 'Service Desk'] })).toBe('assignees');
    expect(await suggestionFor({ assigned_to: 'tech' })).toBe('assignee_id');
    expect(await suggestionFor({ member_i: ['tech', 'Infraestrutura'] })).toBe('add_members');
    expect(await suggestionFor({ member_i: 'tech' })).toBe('member_id');
  });

  it('reads booleans given as yes/no words in English and Brazilian Portuguese, in any case, and refuses the rest', async () => {
    for (const [sent, expected] of [
      ['yes', true],
      ['No', false],
      ['SIM', true],
      ['não', false],
      ['nao', false],
      [' Não ', false],
      ['verdadeiro', true],
      ['Falso', false],
      // GLPI's own API writes its booleans as 1 and 0.
      [1, true],
      [0, false],
      ['1', true],
      [' 0 ', false],
    ] as const) {
      const result = await parser.parse(SampleDto, { ...base, dry_run: sent }, options);
      expect(result.ok && result.value.dry_run).toBe(expected);
    }
    for (const sent of ['y', 'n', 'ok', 'oui', 'si', 'yes please', 2, -1, 0.5, '01', '1.0']) {
      expect((await issuesOf({ ...base, dry_run: sent })).map((i) => [i.field, i.code])).toEqual([['dry_run', 'INVALID_TYPE']]);
    }
  });

  it('reads a zone written with spaces for its underscores (IANA names hold none)', async () => {
    expect(await issuesOf({ ...base, plan_start_date: '2026-12-25 09:00', timezone: 'America/Sao Paulo' })).toEqual([]);
  });

  it('suggests the accepted spelling of a date and of a zone', async () => {
    const issues = await issuesOf({ ...base, plan_start_date: '25/12/2026', timezone: 'Sao Paulo' });
    expect(issues.map((i) => [i.field, i.did_you_mean])).toEqual([
      ['plan_start_date', '2026-12-25'],
      ['timezone', 'America/Sao_Paulo'],
    ]);
  });

  it('answers the same whatever order the arguments come in: issues and values in the order of the fields (property)', async () => {
    const sent = {
      ...base,
      name: null,
      email: 'not-an-email',
      percent_done: '150%',
      dry_run: 'yes',
      urgency: 'zangada',
      plan_start_date: '2026-02-30',
      timezone: 'Mars/Base',
      projectstates_id: 'processing',
      state: 'New',
      sort: 'NAME',
      fields: ['id', 'nmae'],
    };
    const answerTo = async (args: Record<string, unknown>) => {
      const result = await parser.parse(SampleDto, args, options);
      return result.ok ? { value: Object.entries(result.value), resolved: metaOf(result.value).resolved } : { issues: result.issues };
    };
    const valid = { ...base, urgency: 'Alta', projectstates_id: 'processing', sort: 'NAME', dry_run: 'true', percent_done: 40, fields: 'id' };
    for (const args of [sent, valid]) {
      const expected = await answerTo(args);
      await fc.assert(
        fc.asyncProperty(fc.shuffledSubarray(Object.entries(args), { minLength: Object.keys(args).length }), async (entries) => {
          expect(await answerTo(Object.fromEntries(entries))).toEqual(expected);
        }),
        { numRuns: 50 },
      );
    }
  });

  it('never throws and always answers ok or issues, whatever the input (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('name', 'email', 'percent_done', 'urgency', 'plan_start_date', 'projectstates_id', 'fields', '__proto__', 'x'),
          fc.anything(),
        ),
        async (args) => {
          const result = await parser.parse(SampleDto, { ...base, ...args }, options);
          return result.ok || (result.issues.length > 0 && result.issues.every((i) => typeof i.message === 'string' && typeof i.field === 'string'));
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** A record with a login, a long text, a reference, a call argument and a target id. */
class AccountDto {
  @IntField({ min: 1, target: true, description: 'id' })
  id?: number;

  @TextField({ printable: true, description: 'login' })
  name?: string;

  @TextField({ maxLength: 1000, description: 'text' })
  content?: string;

  @RefField('projectState', { description: 'state' })
  projectstates_id?: number;

  @TextField({ call: true, description: 'key' })
  idempotency_key?: string;
}

describe('InputParser and hostile values', () => {
  const resolve = jest.fn(lookup.resolve);
  const watched = new InputParser({ resolve });
  const parseAccount = (args: Record<string, unknown>, settable?: ReadonlySet<string>) =>
    watched.parse(AccountDto, args, { ...options, fields: undefined, settable });
  const issuesOfAccount = async (args: Record<string, unknown>, settable?: ReadonlySet<string>): Promise<Issue[]> => {
    const result = await parseAccount(args, settable);
    return result.ok ? [] : result.issues;
  };

  beforeEach(() => resolve.mockClear());

  it('refuses a value longer than its field before anything reads it, echoing a little of it', async () => {
    const issues = await issuesOfAccount({ name: 'a'.repeat(300), projectstates_id: 'b'.repeat(1_000_000), content: 'c'.repeat(1001) });
    expect(issues.map((i) => [i.field, i.code])).toEqual([
      ['name', 'TOO_LONG'],
      ['content', 'TOO_LONG'],
      ['projectstates_id', 'TOO_LONG'],
    ]);
    expect(resolve).not.toHaveBeenCalled();
    for (const issue of issues) expect(String(issue.received).length).toBeLessThanOrEqual(ECHO_LIMIT);
    // Surrounding spaces do not count (they are trimmed), as before.
    expect(await issuesOfAccount({ content: ` ${'c'.repeat(1000)} ` })).toEqual([]);
    // Characters are code points: 1000 emoji (2000 UTF-16 units) fill the field, one more is too long.
    expect(await issuesOfAccount({ content: '🙂'.repeat(1000) })).toEqual([]);
    expect(await issuesOfAccount({ content: '🙂'.repeat(1001) })).toEqual([
      expect.objectContaining({ field: 'content', code: 'TOO_LONG', message: 'content is 1001 characters long; at most 1000.' }),
    ]);
  });

  it('refuses a lone surrogate in any string, and invisible characters in printable ones', async () => {
    const issues = await issuesOfAccount({ name: 'ana\u200b', content: 'texto \ud800', projectstates_id: 'New\udc00' });
    expect(issues.map((i) => [i.field, i.code])).toEqual([
      ['name', 'INVALID_VALUE'],
      ['content', 'INVALID_VALUE'],
      ['projectstates_id', 'INVALID_VALUE'],
    ]);
    expect(issues[0].message).toContain('U+200B');
    expect(resolve).not.toHaveBeenCalled();
    // Line breaks and tabs belong in long texts, not in logins.
    expect(await issuesOfAccount({ content: 'linha 1\nlinha 2\tfim' })).toEqual([]);
    expect((await issuesOfAccount({ name: 'ana\tlima' })).map((i) => i.code)).toEqual(['INVALID_VALUE']);
  });

  it('takes text NFC-normalized and trimmed', async () => {
    const result = await parseAccount({ name: ' Jose\u0301 ', content: 'Conceic\u0327a\u0303o' });
    expect(result.ok && [result.value.name, result.value.content]).toEqual(['Jos\u00e9', 'Concei\u00e7\u00e3o']);
  });

  it('refuses every field the caller may not set in one pass, without reading their values', async () => {
    const settable = new Set(['content']);
    const issues = await issuesOfAccount({ id: 3, idempotency_key: 'k1', content: 'ok', name: 'maria.silva', projectstates_id: 'Processing' }, settable);
    expect(issues.map((i) => [i.field, i.code, i.received])).toEqual([
      ['name', 'FORBIDDEN_FIELD', 'maria.silva'],
      ['projectstates_id', 'FORBIDDEN_FIELD', 'Processing'],
    ]);
    expect(issues.every((i) => i.message.includes('sets only content'))).toBe(true);
    expect(resolve).not.toHaveBeenCalled();
    // The same answer whatever the refused value (an existing name or not), but for the value echoed.
    const withoutEcho = (some: Issue[]) => some.map(({ received: _received, ...rest }) => rest);
    expect(withoutEcho(await issuesOfAccount({ content: 'ok', projectstates_id: 'nothing' }, settable))).toEqual(
      withoutEcho(await issuesOfAccount({ content: 'ok', projectstates_id: 'Processing' }, settable)),
    );
    expect((await parseAccount({ id: 3, idempotency_key: 'k1', content: 'ok' }, settable)).ok).toBe(true);
  });

  it('lists at most 20 unknown fields, and the known fields once', async () => {
    const args = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`zz${'q'.repeat(100)}${i}`, i]));
    const issues = await issuesOfAccount(args);
    expect(issues).toHaveLength(21);
    expect(issues.filter((i) => i.available)).toHaveLength(1);
    expect(issues[20]).toMatchObject({ field: '(arguments)', code: 'UNKNOWN_FIELD', message: expect.stringContaining('4980 more') });
    expect(issues.every((i) => i.field.length <= ECHO_LIMIT)).toBe(true);
  });

  it('echoes at most ECHO_LIMIT characters of any value, whatever it is (property)', async () => {
    const big = fc.oneof(
      fc.string({ minLength: 100, maxLength: 3000 }),
      fc.array(fc.string({ maxLength: 200 }), { maxLength: 300 }),
      fc.anything({ maxDepth: 4 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('name', 'content', 'projectstates_id', 'id', 'idempotency_key', 'x'.repeat(500)), big), async (args) => {
        const issues = await issuesOfAccount(args);
        return issues.every((i) => (typeof i.received !== 'string' || Array.from(i.received).length <= ECHO_LIMIT) && i.message.length < 1000);
      }),
      { numRuns: 200 },
    );
  });
});

class TwoRefsDto {
  @RefField('projectState', { description: 'first' })
  first_id?: number;

  @RefField('projectState', { description: 'second' })
  second_id?: number;
}

describe('InputParser references', () => {
  it('lists what it resolved in the order of the fields, whichever lookup answers first', async () => {
    const slowFirst: ReferenceLookup = {
      async resolve(kind, field, input, scope) {
        if (field === 'first_id') for (let i = 0; i < 5; i++) await Promise.resolve();
        return lookup.resolve(kind, field, input, scope);
      },
    };
    const result = await new InputParser(slowFirst).parse(TwoRefsDto, { first_id: 'New', second_id: 'Closed' }, { ...options, fields: undefined });
    expect(result.ok && Object.keys(metaOf(result.value).resolved)).toEqual(['first_id', 'second_id']);
  });
});

/** A DTO whose tool checks the stored record (StoredChecked), acting on a record by id. */
class CheckedDto {
  @RefField('projectState', { required: true, target: true, description: 'the record' })
  id!: number;

  @IntField({ min: 0, max: 100, unit: 'percent', description: 'percent' })
  percent_done?: number;

  @DateField({ description: 'end' })
  plan_end_date?: Date;

  static readonly checksStoredRecord = true;
}

describe('InputParser and the checks of a stored record', () => {
  const parse = (args: Record<string, unknown>) => parser.parse(CheckedDto, args, { ...options, fields: undefined });

  it("refuses with what parsed, without the fields that failed, and the problems left to report with the record's", async () => {
    const result = await parse({ id: 2, percent_done: 101, plan_end_date: '2027-01-01' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.partial).toBeInstanceOf(CheckedDto);
    expect(Object.fromEntries(Object.entries(result.partial!))).toEqual({ id: 2, plan_end_date: new Date('2027-01-01T00:00:00Z') });
    const meta = metaOf(result.partial!);
    expect([...meta.provided].sort()).toEqual(['id', 'plan_end_date']);
    expect(meta.pending?.map((issue) => issue.field)).toEqual(['percent_done']);
    expect(meta.sent).toMatchObject({ plan_end_date: '2027-01-01' });
  });

  it('refuses without a partial when the record acted on is not found: there is nothing to check against', async () => {
    for (const id of [99, 'Nowhere']) {
      const result = await parse({ id, percent_done: 101 });
      if (result.ok) throw new Error('expected a refusal');
      expect(result.partial).toBeUndefined();
      expect(result.issues.map((issue) => issue.field)).toEqual(['id', 'percent_done']);
    }
  });
});

describe('InputParser choices with a flag in them', () => {
  const entryFields = withAliases('ticket', [domainArgument('ticket'), ...(fieldsOf(AddEntryDto) ?? [])]);
  const entry = { domain: 'ticket', session_id: 'ses_x', id: 1, content: 'x' };
  const kindIssue = async (kind: string) => {
    const result = await parser.parse(AddEntryDto, { ...entry, kind }, { ...options, fields: entryFields });
    return result.ok ? undefined : result.issues.find((i) => i.field === 'kind');
  };

  it.each([
    ['private comment', 'followup'],
    ['comentário privado', 'followup'],
    ['internal note', 'followup'],
    ['nota interna', 'followup'],
    ['private task', 'task'],
  ])("names the flag a kind's word stands for: %s", async (kind, value) => {
    const issue = await kindIssue(kind);
    expect(issue?.did_you_mean).toBe(value);
    expect(issue?.message).toContain(`Did you mean kind '${value}' with is_private: true?`);
  });

  it("says which value a choice's other word or a sort's direction words named, and nothing of the value itself", async () => {
    const resolvedOf = async (args: Record<string, unknown>, field: string) => {
      const result = await parser.parse(AddEntryDto, { ...entry, ...args }, { ...options, fields: entryFields });
      if (!result.ok) throw new Error(`expected the arguments to parse, got ${JSON.stringify(result.issues)}`);
      return metaOf(result.value).resolved[field];
    };
    expect(await resolvedOf({ kind: 'comment' }, 'kind')).toEqual({ input: 'comment', value: 'followup' });
    expect(await resolvedOf({ kind: 'solução' }, 'kind')).toEqual({ input: 'solução', value: 'solution' });
    expect(await resolvedOf({ kind: 'Followup' }, 'kind')).toBeUndefined();
    const sorted = await parser.parse(SampleDto, { ...base, sort: 'name DESC' }, options);
    expect(sorted.ok && metaOf(sorted.value).resolved.sort).toEqual({ input: 'name DESC', value: '-name' });
  });

  it('suggests the closest value alone where no flag is named', async () => {
    const issue = await kindIssue('folowup');
    expect(issue?.did_you_mean).toBe('followup');
    expect(issue?.message).not.toContain('is_private');
  });

  it('reads a note as a followup', async () => {
    const result = await parser.parse(AddEntryDto, { ...entry, kind: 'note' }, { ...options, fields: entryFields });
    expect(result.ok && result.value.kind).toBe('followup');
  });
});

describe('InputParser fields holding a secret', () => {
  it('never repeats the value of an unknown field that names a secret', async () => {
    const issues = await issuesOf({ ...base, password: 'hunter22', nova_senha: 'segredo1', api_secret: 's3', emial: 'a@b.co' });
    const byField = new Map(issues.map((i) => [i.field, i]));
    for (const field of ['password', 'nova_senha', 'api_secret']) {
      expect([field, byField.get(field)?.received]).toEqual([field, '[redacted]']);
      expect(byField.get(field)?.message).not.toMatch(/hunter22|segredo1|s3\b/);
    }
    expect(byField.get('emial')?.received).toBe('a@b.co');
  });

  it("says where a user's password is set instead", async () => {
    const fields = withAliases('user', [domainArgument('user'), ...(fieldsOf(UpdateUserDto) ?? [])]);
    const result = await parser.parse(UpdateUserDto, { domain: 'user', session_id: 'ses_x', id: 1, password: 'hunter22' }, { ...options, fields });
    const issue = result.ok ? undefined : result.issues.find((i) => i.field === 'password');
    expect(issue?.message).toContain('set-password');
    expect(issue?.received).toBe('[redacted]');
  });
});
