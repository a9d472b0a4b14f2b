import type { LoggerService } from '@nestjs/common';
import { databaseLabel } from '../src/config/app-config.js';
import { loadConfig } from '../src/config/env.schema.js';
import { DATABASES } from './support/databases.js';
import { startStack } from './support/test-app.js';

/** Keeps every line the application logs, at every level. */
class CapturingLogger implements LoggerService {
  readonly lines: string[] = [];
  log(message: unknown): void {
    this.lines.push(String(message));
  }
  error(message: unknown): void {
    this.lines.push(String(message));
  }
  warn(message: unknown): void {
    this.lines.push(String(message));
  }
}

describe.each(DATABASES)('HTTP start on %s', (kind) => {
  it('logs the database it opened, without a password', async () => {
    const logger = new CapturingLogger();
    const stack = await startStack(kind, {}, { logger });
    try {
      const label = databaseLabel(loadConfig({ DATABASE_URL: stack.db.url }).database);
      expect(logger.lines).toContain(`Database ${label}`);
    } finally {
      await stack.close();
    }
  });
});
