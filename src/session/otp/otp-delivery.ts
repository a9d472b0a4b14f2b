import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { DeskError } from '../../envelope/desk-error.js';

export interface OtpMessage {
  user: string;
  session_id: string;
  code: string;
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

  async send(message: OtpMessage): Promise<void> {
    const target = this.config.otpDelivery;
    switch (target.kind) {
      case 'log':
        this.logger.log(`verification code for ${message.user} (session ${message.session_id}): ${message.code}, valid until ${message.expires_at}`);
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
          throw new DeskError('UNAVAILABLE', 'The verification code could not be delivered. Retry in a minute.', { retryAfterSeconds: 30 });
        }
        if (!response.ok) throw new DeskError('UNAVAILABLE', 'The verification code could not be delivered. Retry in a minute.', { retryAfterSeconds: 30 });
        return;
      }
    }
  }
}
