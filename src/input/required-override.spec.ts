import { CreateProjectDto } from '../projects/dto/create-project.dto.js';
import { InputParser } from './input-parser.js';

const parser = new InputParser({ resolve: async () => ({ ok: true as const, id: 1, name: 'x' }) });

describe('a required field redeclared over an optional parent field', () => {
  it('is still required (class-validator keeps the parent IsOptional)', async () => {
    const result = await parser.parse(CreateProjectDto, { session_id: 'ses_x' }, { mode: 'json', transport: 'mcp', zone: 'UTC', scope: undefined });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues.map((i) => [i.field, i.code])).toEqual([['name', 'REQUIRED']]);
  });
});
