import type { ReadingCandidate } from '../envelope/issue.js';

/**
 * Durations as people write them, read as whole seconds: "1h30", "1h 30min", "90 min", "1:30"
 * (hours and minutes), "2 horas", "45m", "3600" (seconds, as GLPI stores actiontime), "PT1H30M",
 * "meia hora", "an hour and a half". Anything else is undefined, for the caller to refuse with the
 * forms it takes.
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

/** ISO 8601's time part alone ("PT1H30M"), one part at least: a day is left out, as "3 dias" is (24 hours, or a working day?). */
const ISO_DURATION = /^pt(?=\d)(?:(\d{1,6}(?:\.\d{1,2})?)h)?(?:(\d{1,6}(?:\.\d{1,2})?)m)?(?:(\d{1,6}(?:\.\d{1,2})?)s)?$/;

const UNIT_WORD = '(?:hours?|horas?|minutes?|minutos?|seconds?|segundos?)';

/**
 * The words for one of a unit and for half of one, as numbers: "uma hora" -> "1 hora", "meia hora"
 * and "half an hour" -> "0.5 hora", "1 hora e meia" and "an hour and a half" -> "1.5 hora",
 * "2 and a half hours" -> "2.5 hours". Applied in this order.
 */
const NUMBER_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [new RegExp(`^(?:an?|one|uma?)\\s+(?=${UNIT_WORD}\\b)`), '1 '],
  [new RegExp(`^(?:half\\s+an?|half|meia)\\s+(${UNIT_WORD})$`), '0.5 $1'],
  [new RegExp(`^(\\d{1,6})\\s+(${UNIT_WORD})\\s+(?:e\\s+meia|and\\s+a\\s+half)$`), '$1.5 $2'],
  [new RegExp(`^(\\d{1,6})\\s+and\\s+a\\s+half\\s+(${UNIT_WORD})$`), '$1.5 $2'],
];

function wordsAsNumbers(text: string): string {
  return NUMBER_WORDS.reduce((written, [words, number]) => written.replace(words, number), text);
}

/** Days written as days: "3 dias", "2 days", "um dia", "meio dia", "2d", ISO's "P2D". */
const DAYS = /^(\d{1,4}(?:\.\d{1,2})?)\s*(?:d|days?|dias?)$/;
const ISO_DAYS = /^p(\d{1,4})d$/;
/** Hours a working day is taken to have when days are offered as working days. */
const WORKING_DAY_HOURS = 8;

/**
 * A duration written in days is not read: a day may be 24 hours or a working day. Its two readings,
 * each written in a form durationSeconds reads; undefined for a text that is not days alone.
 */
export function dayReadings(value: unknown): ReadingCandidate[] | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value
    .trim()
    .toLowerCase()
    .replace(',', '.')
    .replace(/^(?:um|uma|one|an?)\s+(?=dias?\b|days?\b)/, '1 ')
    .replace(/^(?:meio|half\s+an?|half)\s+(?=dia\b|day\b)/, '0.5 ');
  const written = DAYS.exec(text) ?? ISO_DAYS.exec(text);
  const days = written ? Number(written[1]) : 0;
  if (!(days > 0)) return undefined;
  const unit = days <= 1 ? 'day' : 'days';
  return [
    { value: `${days * 24} hours`, reading: `${days} ${unit} of 24 hours` },
    { value: `${days * WORKING_DAY_HOURS} hours`, reading: `${days} working ${unit} of ${WORKING_DAY_HOURS} hours` },
  ];
}

/** Seconds a text or number means, or undefined when it is no duration. */
export function durationSeconds(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = wordsAsNumbers(value.trim().toLowerCase().replace(',', '.'));
  const iso = ISO_DURATION.exec(text);
  if (iso) return Math.round(Number(iso[1] ?? 0) * 3600 + Number(iso[2] ?? 0) * 60 + Number(iso[3] ?? 0));
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
