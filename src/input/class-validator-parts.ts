import { createRequire } from 'node:module';
import type * as ClassValidator from 'class-validator';

/**
 * The parts of class-validator the input fields use, loaded file by file: the package's index loads
 * every decorator it has and, through them, all of `validator` and `libphonenumber-js` (some 320
 * modules, about 0.2 s of CPU at each start) for the seven rules used here. The decorators register
 * in the package's global metadata storage, the same as through the index; scalar-rules.ts reads it.
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

const { getMetadataStorage } = part('metadata/MetadataStorage') as Pick<typeof ClassValidator, 'getMetadataStorage'>;
const { ValidationTypes } = part('validation/ValidationTypes') as Pick<typeof ClassValidator, 'ValidationTypes'>;

/** The store the decorators above register their rules in (one per process), and the kinds of rule it holds. */
export { getMetadataStorage, ValidationTypes };
