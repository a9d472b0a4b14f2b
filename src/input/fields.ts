import { applyDecorators } from '@nestjs/common';
import { IsBoolean, IsEmail, IsInt, IsOptional, IsString, Max, Min } from './class-validator-parts.js';
import { type FieldSpec, registerField } from './field-spec.js';
import type { FlagWords } from './vocab/boolean-words.js';
import type { ChoiceWords } from './vocab/choice-words.js';
import type { VocabGroup, Vocabulary } from './vocab/vocabulary.js';

/**
 * Composite field decorators: each registers the field for the input pipe, the tools' JSON Schema
 * and the OpenAPI document (all three read the registered spec), and adds the class-validator rules
 * for its scalar checks. Lengths and characters of strings are the input parser's (it checks them
 * before anything else reads a value).
 */
type Common = { required?: boolean; nullable?: boolean; description: string; example?: unknown; aliases?: readonly string[]; call?: boolean };

function field(spec: Omit<FieldSpec, 'name'>, ...rules: PropertyDecorator[]): PropertyDecorator {
  return (target: object, key: string | symbol) => {
    const full: FieldSpec = { ...spec, name: String(key) };
    registerField(target, full);
    // Presence (REQUIRED) is the input parser's; class-validator judges only the values given.
    applyDecorators(IsOptional(), ...rules)(target, key);
  };
}

/** Text; `printable` for names, logins and emails (no invisible characters; emails are printable). */
export function TextField(
  o: Common & { maxLength?: number; email?: boolean; printable?: boolean; line?: boolean; opaque?: boolean; digits?: number },
): PropertyDecorator {
  const maxLength = o.maxLength ?? 255;
  const rules: PropertyDecorator[] = [IsString()];
  if (o.email) rules.push(IsEmail());
  return field({ kind: 'text', required: !!o.required, ...o, maxLength, printable: !!(o.printable || o.email) }, ...rules);
}

/** `target`: the id of the record the tool acts on (not a field it writes). */
export function IntField(o: Common & { min?: number; max?: number; unit?: string; target?: boolean }): PropertyDecorator {
  const rules: PropertyDecorator[] = [IsInt()];
  if (o.min !== undefined) rules.push(Min(o.min));
  if (o.max !== undefined) rules.push(Max(o.max));
  return field({ kind: 'int', required: !!o.required, ...o }, ...rules);
}

export function BoolField(o: Common & { flagWords?: FlagWords }): PropertyDecorator {
  return field({ kind: 'bool', required: !!o.required, ...o }, IsBoolean());
}

/** `filter`: a search's filter, which also takes a list of values and these words for several (FieldSpec.filter). */
export function EnumField(vocab: Vocabulary, o: Common & { filter?: readonly VocabGroup[] }): PropertyDecorator {
  return field({ kind: 'enum', required: !!o.required, vocab, ...o });
}

/** A reference to another record: an integer id or a name (resolved through the registry); `wordsForSeveral`: FieldSpec's. */
export function RefField(
  ref: string,
  o: Common & { target?: boolean; foundByTool?: boolean; wordsForSeveral?: boolean; none?: boolean; not?: boolean; several?: boolean },
): PropertyDecorator {
  return field({ kind: 'ref', required: !!o.required, ref, ...o, ...(o.not || o.none ? { not: true } : {}) });
}

/** `bound`: the start or the end of a search's range, where a bare date, a month or a year means all of it. */
export function DateField(o: Common & { bound?: 'start' | 'end' }): PropertyDecorator {
  return field({ kind: 'date', required: !!o.required, ...o });
}

export function TimezoneField(o: Common): PropertyDecorator {
  return field({ kind: 'timezone', required: !!o.required, ...o });
}

/**
 * `words`: other words for the values, by meaning ("assigned" for assignee), taken as that value;
 * `valueAliases`: other words only suggested for one ("chamados" for the ticket domain).
 */
export function ChoiceField(values: readonly string[], o: Common & { mcpOnly?: boolean; words?: ChoiceWords; valueAliases?: ChoiceWords }): PropertyDecorator {
  return field({ kind: 'choice', required: !!o.required, values, ...o });
}

export function ChoicesField(values: readonly string[], o: Common): PropertyDecorator {
  return field({ kind: 'choices', required: !!o.required, values, ...o });
}

/**
 * Ticket actors: a list of users and groups, each an id, a name, or {"user"|"group": id or name} (input/references/actor-list.ts).
 * `foundByTool`: those taken off the record, found by the tool among its current ones (current-actors.ts).
 */
export function ActorsField(o: Common & { foundByTool?: boolean }): PropertyDecorator {
  return field({ kind: 'actors', required: !!o.required, ...o });
}

/** A session id on the MCP side only: a string, where an empty or blank one counts as not sent. */
export function McpTextField(o: Common & { maxLength?: number }): PropertyDecorator {
  return field({ kind: 'text', required: !!o.required, mcpOnly: true, blankIsAbsent: true, maxLength: o.maxLength ?? 64, ...o }, IsString());
}
