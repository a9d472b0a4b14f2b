/** LOG_FORMAT and LOG_LEVEL's values (observe/logger.ts reads them). */
export type LogFormat = 'json' | 'pretty';
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

/** LOG_FORMAT's default: people read a terminal, log pipelines read JSON lines. */
export function defaultLogFormat(stderrIsTty: boolean | undefined): LogFormat {
  return stderrIsTty ? 'pretty' : 'json';
}
