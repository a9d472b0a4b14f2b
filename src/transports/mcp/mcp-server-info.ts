/**
 * What the server says about itself, and the protocol revisions it speaks, apart from the SDK: the
 * HTTP endpoint serves /mcp without loading the SDK (its schemas cost ~20 MiB and a few hundred ms
 * at start); only --stdio loads it. The revisions are the installed SDK's, which
 * mcp-server-info.spec.ts checks.
 */
export const LATEST_PROTOCOL_VERSION = '2025-11-25';
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

export const SERVER_INFO = { name: 'intentdesk', version: '0.1.0' };

export const INSTRUCTIONS = [
  'intentdesk: service desk (projects, tickets, users).',
  'Start with domain_switch {"domain": "project"|"ticket"|"user"}; pass the returned session_id and the same domain to every tool of that domain.',
  "A tool of another domain is refused with the domain_switch call to make: switch only when the user's intent changed.",
  'Fields ending in _id take ids or names; enums take codes or English/Portuguese labels; dates take YYYY-MM-DD, YYYY-MM-DD HH:MM:SS, ISO-8601, today/yesterday/tomorrow or in 3 days/2 weeks ago, each with an optional HH:MM (without offset: the timezone argument, else your zone).',
  'Errors list every problem at once with did_you_mean / available / expected: fix all and retry once. next_call names the call to make first.',
  'Writes: dry_run=true previews "applied" without writing; idempotency_key makes a retry return the first result; they may need a verified session: auth_request_otp, then auth_verify_otp with the code the user gives you.',
  'Some writes need the user to approve the exact call on a web page: APPROVAL_REQUIRED gives approval_url (show it to the user) and next_call (make it once the user approved; any change to the arguments needs a new approval).',
  'Searches: limit (max 100; 0: the count alone), cursor = next_cursor of the previous page, fields = output fields to keep, exact_total=true counts every match (else a large total is capped, with total_is_estimate). RATE_LIMITED and UNAVAILABLE carry retry_after_seconds.',
].join('\n');
