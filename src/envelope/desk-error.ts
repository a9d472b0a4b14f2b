import { type ErrorCode, RETRYABLE } from './error-codes.js';
import type { Issue } from './issue.js';

/** A call the caller should make before retrying (e.g. domain_switch with its arguments). */
export interface NextCall {
  tool: string;
  arguments: Record<string, unknown>;
}

export interface DeskErrorOptions {
  issues?: Issue[];
  nextCall?: NextCall;
  retryAfterSeconds?: number;
  details?: Record<string, unknown>;
}

/**
 * The only error type services and enhancers throw on purpose. Its message is written for the
 * caller (often a model): say what is wrong and what to do. Never put secrets, SQL or paths in it.
 */
export class DeskError extends Error {
  readonly issues?: Issue[];
  readonly nextCall?: NextCall;
  readonly retryAfterSeconds?: number;
  readonly details?: Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: DeskErrorOptions = {},
  ) {
    super(message);
    this.name = 'DeskError';
    this.issues = options.issues;
    this.nextCall = options.nextCall;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.code);
  }

  /**
   * A record the caller does not find; `inTrash` when it is one the caller would see but it was
   * deleted (soft delete): said so, so that a repeated delete or a read after one is not taken for a
   * record that never was.
   */
  static notFound(what: string, id: unknown, inTrash = false): DeskError {
    if (inTrash) {
      return new DeskError(
        'NOT_FOUND',
        `${what} ${JSON.stringify(id)} is in the trash: it was deleted, and a deleted ${what.toLowerCase()} is neither shown nor changed.`,
      );
    }
    return new DeskError('NOT_FOUND', `${what} ${JSON.stringify(id)} not found.`);
  }

  /**
   * VALIDATION_FAILED with every issue. The retry is worded for the caller: an MCP caller calls the
   * tool again, a REST caller (whose route shares the tool) sends the request again.
   */
  static validation(call: { readonly transport: 'mcp' | 'rest'; readonly tool: string | null } | undefined, issues: Issue[], nextCall?: NextCall): DeskError {
    const n = issues.length;
    const again = call?.tool && call.transport === 'mcp' ? ` and call ${call.tool} again` : ' and send the request again';
    const first = nextCall ? ` Call ${nextCall.tool} first.` : '';
    const message = `${n} problem${n === 1 ? '' : 's'} in the input. Fix ${n === 1 ? 'it' : 'all of them'}${again}.${first}`;
    return new DeskError('VALIDATION_FAILED', message, { issues, nextCall });
  }
}
