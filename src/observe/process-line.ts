import { defaultLogFormat, LOG_LEVELS } from '../config/log-settings.js';
import { writeHeldLinesNow } from './stderr-lines.js';

type ProcessLevel = 'info' | 'warn' | 'error' | 'fatal';

/**
 * One line about the process itself (listening, stopping, failing to start), written where the
 * application's logger may not exist yet or any more: on stderr (stdout is the protocol's on
 * stdio), a JSON line like the logger's when LOG_FORMAT is json (the default when stderr is not a
 * terminal), else plain text. Written synchronously, so it is out before the process exits, and
 * after the logger's lines logged before it (held for their batch until then).
 */
export function processLine(level: ProcessLevel, msg: string, env: Record<string, string | undefined> = process.env): void {
  // LOG_LEVEL as the logger reads it: a line less severe than it is not written. A LOG_LEVEL that is
  // no level (the start then fails, naming it) hides nothing.
  const threshold = (LOG_LEVELS as readonly string[]).indexOf(env.LOG_LEVEL ?? 'info');
  if (threshold >= 0 && LOG_LEVELS.indexOf(level) > threshold) return;
  const format = env.LOG_FORMAT || defaultLogFormat(process.stderr.isTTY);
  writeHeldLinesNow();
  process.stderr.write(
    format === 'json' ? `${JSON.stringify({ level, time: new Date().toISOString(), context: 'intentdesk', msg })}\n` : `intentdesk: ${msg}\n`,
  );
}
