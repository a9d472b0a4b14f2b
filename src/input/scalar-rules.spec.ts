import { jest } from '@jest/globals';
import { getMetadataStorage, IsDefined, ValidateIf, validateSync } from 'class-validator';
import fc from 'fast-check';
import { BoolField, IntField, TextField } from './fields.js';
import { InputParser } from './input-parser.js';
import { brokenRules } from './scalar-rules.js';

const parser = new InputParser({ resolve: async () => ({ ok: true as const, id: 1, name: 'x' }) });
const options = { mode: 'json' as const, transport: 'mcp' as const, zone: 'UTC', scope: undefined };

class ScalarsDto {
  @TextField({ email: true, description: 'email' })
  email?: string;

  @IntField({ min: 0, max: 100, description: 'percent' })
  percent?: number;

  @IntField({ min: 1, description: 'count' })
  count?: number;

  @BoolField({ description: 'flag' })
  flag?: boolean;

  @TextField({ description: 'title' })
  title?: string;
}

/** Redeclares two fields: class-validator then keeps the subclass's rules of a field over its parent's. */
class NarrowedDto extends ScalarsDto {
  @IntField({ min: 10, max: 20, description: 'percent' })
  declare percent?: number;

  @TextField({ description: 'not an email here' })
  declare email?: string;
}

const FIELDS = ['email', 'percent', 'count', 'flag', 'title'] as const;

/** What class-validator's own validateSync finds wrong with one field's value, by constraint name. */
function libraryVerdict(dto: new () => object, field: string, value: unknown): string[] {
  const instance = Object.assign(Object.create(dto.prototype as object) as object, { [field]: value });
  const errors = validateSync(instance, { forbidUnknownValues: false, skipMissingProperties: true });
  return errors.flatMap((e) => Object.keys(e.constraints ?? {})).sort();
}

function ownVerdict(dto: new () => object, field: string, value: unknown): string[] {
  const instance = Object.assign(Object.create(dto.prototype as object) as object, { [field]: value });
  return [...new Set(brokenRules(dto, instance, field, value))].sort();
}

describe('scalar rules', () => {
  it('break exactly where class-validator’s validateSync finds the value wrong (property)', () => {
    const values = fc.oneof(
      fc.anything(),
      fc.integer({ min: -5, max: 120 }),
      fc.double(),
      fc.emailAddress(),
      fc.constantFrom('a@b.co', 'not-an-email', '', ' ', '60', true, false, 0, -0, 1.5, 1e21, Number.MAX_SAFE_INTEGER + 2),
    );
    fc.assert(
      fc.property(fc.constantFrom(ScalarsDto, NarrowedDto), fc.constantFrom(...FIELDS), values, (dto, field, value) => {
        expect(ownVerdict(dto, field, value)).toEqual(libraryVerdict(dto, field, value));
      }),
      { numRuns: 2000 },
    );
  });

  it('are a subclass’s own where it redeclares a field', () => {
    expect(ownVerdict(NarrowedDto, 'percent', 50)).toEqual(['max']);
    expect(ownVerdict(NarrowedDto, 'email', 'plain text')).toEqual([]);
    expect(ownVerdict(ScalarsDto, 'email', 'plain text')).toEqual(['isEmail']);
  });

  it('are looked up once per DTO class, however many calls it serves', async () => {
    class OnceDto {
      @IntField({ min: 0, description: 'size' })
      size?: number;
    }
    const lookUp = jest.spyOn(getMetadataStorage(), 'getTargetValidationMetadatas');
    try {
      for (const size of [1, -1, 'x']) await parser.parse(OnceDto, { size }, options);
      expect(lookUp.mock.calls.filter(([target]) => target === OnceDto)).toHaveLength(1);
    } finally {
      lookUp.mockRestore();
    }
  });

  it('of fields the call did not send are not consulted', async () => {
    const consulted: string[] = [];
    class SentDto {
      @IntField({ description: 'sent' })
      @ValidateIf(() => {
        consulted.push('sent');
        return true;
      })
      sent?: number;

      @IntField({ description: 'absent' })
      @ValidateIf(() => {
        consulted.push('absent');
        return true;
      })
      absent?: number;
    }
    const result = await parser.parse(SentDto, { sent: 'x' }, options);
    expect(!result.ok && result.issues.map((i) => [i.field, i.code])).toEqual([['sent', 'INVALID_TYPE']]);
    expect(consulted).toEqual(['sent']);
  });

  it('refuse a rule they would not run as class-validator does, naming the class and field', () => {
    class DefinedDto {
      @IsDefined()
      name?: string;
    }
    expect(() => brokenRules(DefinedDto, new DefinedDto(), 'name', 'x')).toThrow(/DefinedDto\.name.*isDefined/);
  });
});
