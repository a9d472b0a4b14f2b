import { fieldsOf, isRecordField } from '../input/field-spec.js';
import type { AppConfig } from '../config/app-config.js';
import type { ToolOptions } from './tool-policy.js';

function needsOtp(tool: ToolOptions, config: AppConfig): boolean {
  if (tool.kind !== 'write' || tool.domain === null) return false;
  if (config.otpRequiredFor === 'write') return true;
  return config.otpRequiredFor === 'destructive' && !!tool.destructive;
}

/** What one caller's description shows: its example call, and the only fields it may set (when limited). */
export interface DescribedFor {
  example: Record<string, unknown>;
  settable?: ReadonlySet<string>;
}

/**
 * The description a model reads: what, what not, session rules, dates, units, limits, example.
 * Terse on purpose: tools/list is read at the start of every conversation, and the server
 * instructions explain the shared conventions once.
 */
export function describeTool(tool: ToolOptions, config: AppConfig, audience: DescribedFor = { example: tool.example }): string {
  const lines = [tool.summary];
  if (tool.notFor) lines.push(`Not for: ${tool.notFor}`);
  if (tool.sameFieldsAs) lines.push(`Fields take the same values as ${tool.sameFieldsAs}.`);
  // A caller limited to some fields reads only about those (no date formats for who sets no date).
  const fields = (fieldsOf(tool.input) ?? []).filter((f) => !audience.settable || !isRecordField(f) || audience.settable.has(f.name));
  if (fields.some((f) => f.kind === 'date')) {
    const ranges = fields.some((f) => f.kind === 'date' && f.name.endsWith('_from')) ? ' *_from/_to inclusive.' : '';
    lines.push(`Dates: YYYY-MM-DD[ HH:MM:SS] or ISO-8601 (no offset: timezone).${ranges}`);
  }
  for (const note of tool.notes ?? []) lines.push(note);
  if (audience.settable) lines.push(`Your profile sets only: ${[...audience.settable].join(', ')}.`);
  if (needsOtp(tool, config)) lines.push('Needs a verified session (auth_request_otp).');
  const limit = tool.kind === 'write' ? config.rateLimitWrites : config.rateLimitReads;
  lines.push(`Limit: ${limit}/min.`);
  lines.push(`Example: ${JSON.stringify(audience.example)}`);
  return lines.join('\n');
}
