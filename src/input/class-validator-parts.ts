import { createRequire } from 'node:module';
import type * as ClassValidator from 'class-validator';
import type { MetadataStorage, ValidationError, ValidatorOptions } from 'class-validator';

/**
 * The parts of class-validator the input fields use, loaded file by file: the package's index loads
 * every decorator it has and, through them, all of `validator` and `libphonenumber-js` (some 320
 * modules, about 0.2 s of CPU at each start) for the seven rules used here. The decorators register
 * in the package's global metadata storage, which `Validator` reads, as through the index.
 */
const require = createRequire(import.meta.url);
const part = (path: string): unknown => require(`class-validator/cjs/${path}.js`);

type Rules = Pick<typeof ClassValidator, 'IsBoolean' | 'IsEmail' | 'IsInt' | 'IsOptional' | 'IsString' | 'Max' | 'Min'>;

export const { IsBoolean } = part('decorator/typechecker/IsBoolean') as Pick<Rules, 'IsBoolean'>;
export const { IsInt } = part('decorator/typechecker/IsInt') as Pick<Rules, 'IsInt'>;
export const { IsString } = part('decorator/typechecker/IsString') as Pick<Rules, 'IsString'>;
export const { IsEmail } = part('decorator/string/IsEmail') as Pick<Rules, 'IsEmail'>;
export const { Max } = part('decorator/number/Max') as Pick<Rules, 'Max'>;
export const { Min } = part('decorator/number/Min') as Pick<Rules, 'Min'>;
export const { IsOptional } = part('decorator/common/IsOptional') as Pick<Rules, 'IsOptional'>;

const { Validator } = part('validation/Validator') as Pick<typeof ClassValidator, 'Validator'>;
const { getFromContainer } = part('container') as Pick<typeof ClassValidator, 'getFromContainer'>;
const { getMetadataStorage } = part('metadata/MetadataStorage') as Pick<typeof ClassValidator, 'getMetadataStorage'>;

type Target = Parameters<MetadataStorage['getTargetValidationMetadatas']>[0];

/**
 * class-validator looks a class's rules up again on every validation, filtering its own and walking
 * every registered class for inherited ones. They change only when a rule registers (a decorator
 * runs as its class is defined): the plain lookup validateSync makes here (no groups, no schema, no
 * `always`) is kept per class until then, and any other lookup is left as it was. So is the grouping
 * of a kept lookup's rules by property, which the validator asks for next (and reads only).
 */
function rememberRulesPerClass(storage: MetadataStorage): void {
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  type Rules = ReturnType<MetadataStorage['getTargetValidationMetadatas']>;
  const known = new Map<Target, Rules>();
  const kept = new WeakSet<Rules>();
  const grouped = new WeakMap<Rules, ReturnType<MetadataStorage['groupByPropertyName']>>();
  storage.groupByPropertyName = (rules) => {
    let byProperty = grouped.get(rules);
    if (!byProperty) {
      byProperty = group(rules);
      // Only a kept lookup comes again as the same array: a fresh one would never be found.
      if (kept.has(rules)) grouped.set(rules, byProperty);
    }
    return byProperty;
  };
  storage.addValidationMetadata = (metadata) => {
    known.clear();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (schema || always || strictGroups || groups?.length) return lookUp(target, schema, always, strictGroups, groups);
    let rules = known.get(target);
    if (!rules) {
      rules = lookUp(target, schema, always, strictGroups, groups);
      known.set(target, rules);
      kept.add(rules);
    }
    return rules;
  };
}
rememberRulesPerClass(getMetadataStorage());

/** class-validator's `validateSync(object, options)`, through the same container instance as its index uses. */
export function validateSync(object: object, options?: ValidatorOptions): ValidationError[] {
  return getFromContainer(Validator).validateSync(object, options);
}
