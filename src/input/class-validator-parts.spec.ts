import { getMetadataStorage } from 'class-validator';
import { IsInt, IsString, Max, validateSync } from './class-validator-parts.js';

class Sized {
  @IsInt()
  @Max(10)
  size!: number;
}

function sized(size: unknown): Sized {
  return Object.assign(new Sized(), { size });
}

describe('class-validator parts', () => {
  it('looks a class’s rules up once, and answers as before', () => {
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Sized, '', false, false);
    expect(storage.getTargetValidationMetadatas(Sized, '', false, false)).toBe(first);
    expect(validateSync(sized(3))).toEqual([]);
    expect(validateSync(sized(11)).map((e) => Object.keys(e.constraints ?? {}))).toEqual([['max']]);
    expect(validateSync(sized('x')).map((e) => Object.keys(e.constraints ?? {}).sort())).toEqual([['isInt', 'max']]);
  });

  it('sees a rule registered after the first lookup', () => {
    class Later {
      name!: unknown;
    }
    expect(validateSync(Object.assign(new Later(), { name: 5 }), { forbidUnknownValues: false })).toEqual([]);
    IsString()(Later.prototype, 'name');
    expect(validateSync(Object.assign(new Later(), { name: 5 })).map((e) => e.property)).toEqual(['name']);
  });

  it('leaves lookups with groups to class-validator', () => {
    const storage = getMetadataStorage();
    expect(storage.getTargetValidationMetadatas(Sized, '', false, false, ['a'])).not.toBe(storage.getTargetValidationMetadatas(Sized, '', false, false, ['a']));
  });
});

describe('class-validator rules by property', () => {
  it('are grouped once per kept lookup', () => {
    const storage = getMetadataStorage();
    const rules = storage.getTargetValidationMetadatas(Sized, '', false, false);
    expect(storage.groupByPropertyName(rules)).toBe(storage.groupByPropertyName(rules));
    expect(Object.keys(storage.groupByPropertyName(rules))).toEqual(['size']);
    const fresh = storage.getTargetValidationMetadatas(Sized, '', false, false, ['a']);
    expect(storage.groupByPropertyName(fresh)).not.toBe(storage.groupByPropertyName(fresh));
  });
});
