import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import type { LogLevelName } from '../../config/log-settings.js';
import { DeskError } from '../../envelope/desk-error.js';

export interface OtpMessage {
  user: string;
  session_id: string;
  code: string;
  expires_at: string;
}

/** A one-time sign-in link to a page of this server (the approval page's built-in sign-in). */
export interface SignInLinkMessage {
  user: string;
  link: string;
  expires_at: string;
}

/**
 * Sends a code out of band, per OTP_DELIVERY: `log` (one server log line: for development only),
 * `file:<path>` (one JSON line appended), `webhook:<url>` (POST JSON). The code goes nowhere else.
 */
@Injectable()
export class OtpDelivery {
  private readonly logger = new Logger('OtpDelivery');

  constructor(private readonly config: AppConfig) {}

  get channel(): string {
    return this.config.otpDelivery.kind;
  }

  send(message: OtpMessage): Promise<void> {
    return this.deliver(message, `verification code for ${message.user} (session ${message.session_id}): ${message.code}, valid until ${message.expires_at}`);
  }

  /** The same channel carries sign-in links: whoever reads the user's codes reads their links. */
  sendLink(message: SignInLinkMessage): Promise<void> {
    return this.deliver(message, `sign-in link for ${message.user}: ${message.link} , valid until ${message.expires_at}`);
  }

  private async deliver(message: OtpMessage | SignInLinkMessage, logLine: string): Promise<void> {
    const target = this.config.otpDelivery;
    switch (target.kind) {
      case 'log':
        this.logger[printedLevel(this.config.logLevel)](logLine);
        return;
      case 'file':
        await mkdir(dirname(target.path), { recursive: true });
        await appendFile(target.path, `${JSON.stringify(message)}\n`, { encoding: 'utf8', mode: 0o600 });
        return;
      case 'webhook': {
        let response: Response;
        try {
          response = await fetch(target.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(message),
            signal: AbortSignal.timeout(5000),
          });
        } catch {
          throw new DeskError('UNAVAILABLE', 'The message could not be delivered. Retry in a minute.', { retryAfterSeconds: 30 });
        }
        if (!response.ok) throw new DeskError('UNAVAILABLE', 'The message could not be delivered. Retry in a minute.', { retryAfterSeconds: 30 });
        return;
      }
    }
  }
}

/**
 * The logger's method for a delivered message: info, or the level LOG_LEVEL starts from when it
 * leaves info out. A delivery is the channel the operator chose, not a diagnostic a level may drop:
 * a code sent to a log that never prints it would leave the user waiting for it.
 */
function printedLevel(level: LogLevelName): 'log' | 'warn' | 'error' | 'fatal' {
  return level === 'warn' || level === 'error' || level === 'fatal' ? level : 'log';
}
