import { keyForm } from './key-forms.js';
import { isFlag } from './vocab/boolean-words.js';

/**
 * Fields a model sends to one tool for work another tool does: a solution or a comment sent to
 * ticket_update, which ticket_add_entry adds; an approver, which ticket_validation asks. Such a field
 * is no misspelling of a field of this tool ("note" is no "name", "approver_id" no "approval_id"),
 * so it is answered with the call that does the work instead of a suggestion.
 */

/** The call that does a kind of work, and what it does: one sentence of an UNKNOWN_FIELD issue. */
export interface OtherToolWork {
  /** The fields, as a model names them (lower case, `_` between words). */
  fields: readonly string[];
  sentence: string;
  /**
   * Only when the value sent is a flag (true, false, yes, no: not a number or a name): for a key
   * that is also another name of a field (`assigned` is assignee_id's), whose suggestion stands for
   * any other value (`assigned: "tech"`).
   */
  whenFlag?: boolean;
}

const WORK = Symbol('intentdesk:fields-of-other-tools');
type Declared = Pick<OtherToolWork, 'sentence' | 'whenFlag'>;
type WithWork = { [WORK]?: ReadonlyMap<string, Declared> };

/**
 * Declares, on a tool's input class, the work of other tools its callers send it; a subclass adds
 * to what its parent declares (an update, to the fields it shares with a create).
 */
export function FieldsOfOtherTools(...work: readonly OtherToolWork[]): ClassDecorator {
  return (target) => {
    const inherited = (target as WithWork)[WORK] ?? [];
    const byField = new Map([
      ...inherited,
      ...work.flatMap(({ fields, sentence, whenFlag }) => fields.map((field) => [field, { sentence, whenFlag }] as const)),
    ]);
    Object.defineProperty(target, WORK, { value: byField, enumerable: false });
  };
}

/**
 * What to call instead for `field` sent with `value` to the tool `dto` reads, if its class declares
 * it ("Due-Date" reads as due_date) for that value (whenFlag).
 */
export function otherToolFor(dto: unknown, field: string, value?: unknown): string | undefined {
  const work = typeof dto === 'function' ? (dto as WithWork)[WORK] : undefined;
  // No declared field is near this long: a key of any length sent is not read whole to be looked up.
  const declared = work && field.length <= LONGEST_FIELD ? work.get(keyForm(field)) : undefined;
  return declared && (!declared.whenFlag || isFlag(value)) ? declared.sentence : undefined;
}

const LONGEST_FIELD = 64;
