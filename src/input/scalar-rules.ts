import type { MetadataStorage, ValidationArguments } from 'class-validator';
import { getMetadataStorage, ValidationTypes } from './class-validator-parts.js';

/**
 * The class-validator rules of a DTO class, by field, read once from the library's metadata: a call
 * sends two to five of a DTO's twenty to forty fields, and only their rules run. validateSync would
 * look the class's rules up again on every call (walking every registered class for inherited
 * ones) and visit every field, sent or not. A class's rules are all registered once it is defined
 * (its decorators and its parents' have run), so what is read at its first call stays true.
 */

type Metadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];
type Condition = (object: object, value: unknown) => boolean;
type DtoClass = abstract new (...args: never[]) => object;

/** One check of a field, as class-validator runs it; `name` is what it reports (isInt, max). */
interface Rule {
  readonly name: string;
  readonly constraints: unknown[];
  /** The rule's own `validateIf` option. */
  readonly onlyIf?: Condition;
  readonly check: (value: unknown, args: ValidationArguments) => unknown;
}

interface FieldRules {
  /** IsOptional and ValidateIf: the field's rules run only when every one holds. */
  readonly conditions: readonly Condition[];
  readonly rules: readonly Rule[];
}

const byClass = new WeakMap<DtoClass, ReadonlyMap<string, FieldRules>>();

/**
 * The names of the rules a field's value breaks (none: it passes), exactly as class-validator's
 * validateSync (no groups, missing properties skipped) reports them for that field. `object` is
 * the instance the value is read on, given to conditions and checks.
 */
export function brokenRules(dto: DtoClass, object: object, field: string, value: unknown): string[] {
  const own = rulesOf(dto).get(field);
  if (!own || value === null || value === undefined) return [];
  for (const condition of own.conditions) if (!condition(object, value)) return [];
  const broken: string[] = [];
  for (const rule of own.rules) {
    if (rule.onlyIf && !rule.onlyIf(object, value)) continue;
    const args: ValidationArguments = { targetName: dto.name, property: field, object, value, constraints: rule.constraints };
    if (!rule.check(value, args)) broken.push(rule.name);
  }
  return broken;
}

function rulesOf(dto: DtoClass): ReadonlyMap<string, FieldRules> {
  let rules = byClass.get(dto);
  if (!rules) byClass.set(dto, (rules = readRules(dto)));
  return rules;
}

/** The lookup validateSync makes (the class's rules, then inherited ones it does not redeclare), grouped by field. */
function readRules(dto: DtoClass): ReadonlyMap<string, FieldRules> {
  const storage = getMetadataStorage();
  const byField = storage.groupByPropertyName(storage.getTargetValidationMetadatas(dto, '', false, false));
  const rules = new Map<string, FieldRules>();
  for (const [field, metadatas] of Object.entries(byField)) {
    const conditions: Condition[] = [];
    const checks: Rule[] = [];
    for (const metadata of metadatas) {
      if (metadata.type === ValidationTypes.CONDITIONAL_VALIDATION) conditions.push(metadata.constraints[0] as Condition);
      else if (metadata.type === ValidationTypes.CUSTOM_VALIDATION) checks.push(...checksOf(storage, metadata, `${dto.name}.${field}`));
      // Read only by validateSync's `whitelist` option, which the parser does not use.
      else if (metadata.type !== ValidationTypes.WHITELIST) throw notRun(`${dto.name}.${field}`, metadata.type);
    }
    rules.set(field, { conditions, rules: checks });
  }
  return rules;
}

function checksOf(storage: MetadataStorage, metadata: Metadata, where: string): Rule[] {
  return storage.getTargetValidatorConstraints(metadata.constraintCls).map((constraint) => {
    const name = constraint.name || metadata.type;
    // validateSync skips asynchronous rules, and `each` applies a rule to every entry of a list:
    // neither is a scalar check, and a rule that silently never ran would pass every value.
    if (constraint.async || metadata.each) throw notRun(where, `${constraint.async ? 'async' : 'each'} ${name}`);
    const validator = constraint.instance;
    return {
      name,
      constraints: metadata.constraints,
      onlyIf: metadata.validateIf,
      check: (value, args) => validator.validate(value, args),
    };
  });
}

function notRun(where: string, rule: string): Error {
  return new Error(`${where}: the class-validator rule '${rule}' is not one the input parser runs (text, integer and boolean checks, IsOptional, ValidateIf).`);
}
