/** One row of the audit log, as written. */
export interface AuditEntry {
  at: Date;
  users_id: number | null;
  token_id: number | null;
  session_id: string | null;
  /** The call's request id (X-Request-Id); null on rows that tally many calls. */
  request_id: string | null;
  transport: string;
  tool: string | null;
  route: string | null;
  domain: string | null;
  outcome: string;
  duration_ms: number;
  changes: string | null;
  message: string | null;
}
