import { DATE_FORMATS_EXPECTED } from '../common/dates/dates.js';
import { fieldsOf } from '../common/input/field-spec.js';
import type { AppConfig } from '../config/app-config.js';
import type { ToolOptions } from './tool-definition.js';

function needsOtp(tool: ToolOptions, config: AppConfig): boolean {
  if (tool.kind !== 'write' || tool.domain === null) return false;
  if (config.otpRequiredFor === 'write') return true;
  return config.otpRequiredFor === 'destructive' && !!tool.destructive;
}

/** The description a model reads: what, what not, session rules, dates, units, limits, example. */
export function describeTool(tool: ToolOptions, config: AppConfig): string {
  const lines = [tool.summary];
  if (tool.notFor) lines.push(`Does not: ${tool.notFor}`);
  if (tool.domain) {
    lines.push(
      `Needs domain="${tool.domain}" and a session_id from domain_switch {"domain":"${tool.domain}"}; in a session locked to another domain the call is refused with the domain_switch call to make.`,
    );
  }
  const fields = fieldsOf(tool.input) ?? [];
  if (fields.some((f) => f.kind === 'date')) {
    lines.push(`Dates: ${DATE_FORMATS_EXPECTED}; without offset they are read in "timezone", else your user's zone, else ${config.defaultTimezone}. Returned as ISO-8601 with offset.`);
  }
  if (fields.some((f) => f.kind === 'ref')) lines.push('Fields ending in _id take an integer id or a name (case and accents ignored).');
  for (const note of tool.notes ?? []) lines.push(note);
  if (tool.kind === 'write' && tool.domain) {
    lines.push('dry_run=true validates, resolves and returns "applied" without writing. idempotency_key makes retries safe.');
  }
  if (needsOtp(tool, config)) {
    lines.push('Needs a verified session: auth_request_otp then auth_verify_otp with the code the user receives.');
  }
  const limit = tool.kind === 'write' ? config.rateLimitWrites : config.rateLimitReads;
  lines.push(`Rate limit: ${limit} ${tool.kind} calls per minute per user; past it RATE_LIMITED with retry_after_seconds.`);
  const example = tool.domain ? { domain: tool.domain, session_id: 'ses_…', ...tool.example } : tool.example;
  lines.push(`Example: ${JSON.stringify(example)}`);
  return lines.join('\n');
}
