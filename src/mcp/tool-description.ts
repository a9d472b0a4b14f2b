import { fieldsOf } from '../common/input/field-spec.js';
import type { AppConfig } from '../config/app-config.js';
import type { ToolOptions } from './tool-definition.js';

function needsOtp(tool: ToolOptions, config: AppConfig): boolean {
  if (tool.kind !== 'write' || tool.domain === null) return false;
  if (config.otpRequiredFor === 'write') return true;
  return config.otpRequiredFor === 'destructive' && !!tool.destructive;
}

/**
 * The description a model reads: what, what not, session rules, dates, units, limits, example.
 * Said once per tool rather than per field, because tools/list is read on every conversation.
 */
export function describeTool(tool: ToolOptions, config: AppConfig): string {
  const lines = [tool.summary];
  if (tool.notFor) lines.push(`Not for: ${tool.notFor}`);
  if (tool.domain) lines.push(`Needs domain="${tool.domain}" and session_id from domain_switch; a session of another domain is refused with the switch to make.`);
  const fields = fieldsOf(tool.input) ?? [];
  if (fields.some((f) => f.kind === 'date')) {
    const ranges = fields.some((f) => f.kind === 'date' && f.name.endsWith('_from')) ? ' <field>_from/_to are inclusive ranges.' : '';
    lines.push(`Dates: YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or ISO-8601 with offset; without offset read in timezone, else your zone, else ${config.defaultTimezone}.${ranges}`);
  }
  if (fields.some((f) => f.kind === 'ref')) lines.push('*_id fields take an id or a name (case/accents ignored); enums a code or an English/Portuguese label.');
  for (const note of tool.notes ?? []) lines.push(note);
  if (tool.kind === 'write' && tool.domain) {
    const otp = needsOtp(tool, config) ? ' Needs a verified session (auth_request_otp, then auth_verify_otp).' : '';
    lines.push(`dry_run=true previews "applied" without writing; idempotency_key makes retries safe.${otp}`);
  }
  const limit = tool.kind === 'write' ? config.rateLimitWrites : config.rateLimitReads;
  lines.push(`Rate limit: ${limit} ${tool.kind}s/min per user (RATE_LIMITED with retry_after_seconds).`);
  const example = tool.domain ? { domain: tool.domain, session_id: 'ses_…', ...tool.example } : tool.example;
  lines.push(`Example: ${JSON.stringify(example)}`);
  return lines.join('\n');
}
