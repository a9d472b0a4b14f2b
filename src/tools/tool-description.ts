import type { AppConfig } from '../config/app-config.js';
import { isRecordField } from '../input/field-spec.js';
import type { ToolPolicy } from './tool-policy.js';

/** What one caller's description shows: its example call, and the only fields it may set (when limited). */
export interface DescribedFor {
  example: Readonly<Record<string, unknown>>;
  settable?: ReadonlySet<string>;
}

/**
 * The description a model reads: what, what not, session rules, dates, units, limits, example.
 * Terse on purpose: tools/list is read at the start of every conversation, and the server
 * instructions explain the shared conventions once.
 */
export function describeTool(tool: ToolPolicy, config: AppConfig, audience: DescribedFor = { example: tool.text.example }): string {
  const { text } = tool;
  const lines = [text.summary];
  if (text.notFor) lines.push(`Not for: ${text.notFor}`);
  if (text.sameFieldsAs) lines.push(`Values as in ${text.sameFieldsAs}.`);
  // A caller limited to some fields reads only about those (no date formats for who sets no date).
  const fields = tool.fields.filter((f) => !audience.settable || !isRecordField(f) || audience.settable.has(f.name));
  if (fields.some((f) => f.kind === 'date')) {
    // The plain forms; the server instructions say the rest once (other forms suggested, the zone of an offset-less date).
    const ranges = fields.some((f) => f.kind === 'date' && f.name.endsWith('_from')) ? '; *_from/_to inclusive' : '';
    lines.push(`Dates: YYYY-MM-DD[ HH:MM] or ISO-8601${ranges}.`);
  }
  for (const note of text.notes) lines.push(note);
  if (audience.settable)
    lines.push(audience.settable.size > 0 ? `Your profile sets only: ${[...audience.settable].join(', ')}.` : 'Your profile sets none of its fields.');
  // Which writes need a verified session is said by the server instructions and, on the first such
  // write, by the refusal's next_call (auth_request_otp): not repeated on every write tool.
  if (tool.needsApproval) lines.push("Needs the user's approval of the exact call (APPROVAL_REQUIRED).");
  const limit = tool.rate === 'write' ? config.rateLimitWrites : config.rateLimitReads;
  lines.push(`Limit: ${limit}/min.`);
  lines.push(`Example: ${JSON.stringify(audience.example)}`);
  return lines.join('\n');
}
