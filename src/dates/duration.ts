/**
 * Durations as people write them, read as whole seconds: "1h30", "1h 30min", "90 min", "1:30"
 * (hours and minutes), "2 horas", "45m", "3600" (seconds, as GLPI stores actiontime). Anything else
 * is undefined, for the caller to refuse with the forms it takes.
 */
export const DURATION_FORMATS = 'seconds (5400), "1h30", "90 min", "1:30" (h:mm) or "2 horas"';

/**
 * The longest duration an entry takes: a year of work, in seconds. GLPI stores it in a 32-bit int
 * (actiontime): MySQL refuses a value past that column, SQLite stores any and sums lose precision.
 */
export const MAX_DURATION_SECONDS = 365 * 24 * 3600;

/** The unit of an int field that takes durations in these forms (the input parser reads them). */
export const DURATION_UNIT = 'seconds';

const UNIT_SECONDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(h|hr|hrs|hour|hours|hora|horas)$/, 3600],
  [/^(m|min|mins|minute|minutes|minuto|minutos)$/, 60],
  [/^(s|sec|secs|second|seconds|seg|segundo|segundos)$/, 1],
];

/** Seconds a text or number means, or undefined when it is no duration. */
export function durationSeconds(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase().replace(',', '.');
  if (/^\d{1,15}$/.test(text)) return Number(text);
  const clock = /^(\d{1,4}):([0-5]\d)$/.exec(text);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60;
  // "1h30": minutes may follow hours without their unit.
  const short = /^(\d{1,4})\s*h\s*([0-5]?\d)$/.exec(text);
  if (short) return Number(short[1]) * 3600 + Number(short[2]) * 60;
  let total = 0;
  let rest = text;
  const part = /^(\d{1,6}(?:\.\d{1,2})?)\s*([a-z]+)\s*(?:e\s+|and\s+)?/;
  while (rest.length > 0) {
    const match = part.exec(rest);
    if (!match) return undefined;
    const unit = UNIT_SECONDS.find(([words]) => words.test(match[2]));
    if (!unit) return undefined;
    total += Number(match[1]) * unit[1];
    rest = rest.slice(match[0].length);
  }
  return text.length > 0 ? Math.round(total) : undefined;
}
