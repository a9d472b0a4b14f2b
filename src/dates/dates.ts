import { matchKey } from '../text/normalize.js';
import { clearWinner } from '../text/suggest.js';
import {
  businessDaysAhead,
  type DateReading,
  fromNow,
  periodEnd,
  periodLast,
  periodStart,
  shiftDay,
  sinceStart,
  spanBack,
  weekdayReadings,
  weekEndReadings,
  weekStartReadings,
  withoutSince,
} from './relative-days.js';

export type { DateReading } from './relative-days.js';

/**
 * Date input and output. Accepted: `YYYY-MM-DD` (midnight), `YYYY-MM-DD HH:MM[:SS]`, the same with
 * `T`, ISO-8601 with an offset or `Z`, and words relative to now (relativeToNow): one day (today,
 * yesterday, tomorrow; hoje, ontem, amanhã; in 3 days, 2 weeks ago; daqui a 3 dias, há 2 semanas:
 * that day's bare date in the zone, or with HH:MM that wall time of it) or an instant (now, agora;
 * in 2 hours, há 30 minutos). A date without offset is wall time in the call's zone.
 * Stored as UTC instants; shown as ISO-8601 with the offset of the zone in force.
 */
export const DATE_FORMATS_EXPECTED =
  'YYYY-MM-DD, YYYY-MM-DD HH:MM:SS, ISO-8601 with offset (2026-06-01T09:00:00-03:00), today/yesterday/tomorrow, or a count from now (in 3 days, 2 weeks ago), each with an optional HH:MM (tomorrow 17:00)';

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A zone written with spaces where its IANA name has underscores: "America/Sao Paulo" is
 * America/Sao_Paulo. IANA names hold no space (the underscore stands for one), so the reading is
 * unambiguous; anything looser (a city alone, accents) is only suggested (suggestTimeZone).
 */
function ianaSpelling(zone: string): string {
  return zone.includes(' ') ? zone.trim().replace(/ +/g, '_') : zone;
}

/** Every function here takes a zone in either spelling, so no caller has to convert it first. */
function formatterFor(written: string): Intl.DateTimeFormat {
  const timeZone = ianaSpelling(written);
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The canonical spelling of a valid IANA zone ("america/sao_paulo", "America/Sao Paulo" -> "America/Sao_Paulo"). */
export function canonicalZone(zone: string): string {
  return formatterFor(zone).resolvedOptions().timeZone;
}

export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone in force for a call, decided here only: its `timezone` argument when that is a zone (a
 * wrong one is the input pipe's issue), else the user's zone, else DEFAULT_TIMEZONE. Dates without
 * an offset are read in it, and every date of the answer is shown in it.
 */
export function zoneInForce(argument: unknown, userZone: string | null, defaultZone: string): string {
  if (!isValidTimeZone(argument)) return userZone || defaultZone;
  return argument.includes(' ') ? canonicalZone(argument) : argument;
}

let zones: string[] | undefined;

/**
 * Names of a zone that are no IANA name nor a city of one, each meaning one zone: Brazil's own time
 * ("horário de Brasília", BRT), a city in Portuguese. Keys as suggestTimeZone compares them.
 */
const ZONE_NAMES: ReadonlyMap<string, string> = new Map([
  ['brasilia', 'America/Sao_Paulo'],
  ['horario_de_brasilia', 'America/Sao_Paulo'],
  ['hora_de_brasilia', 'America/Sao_Paulo'],
  ['brt', 'America/Sao_Paulo'],
  ['lisboa', 'Europe/Lisbon'],
]);

/**
 * The IANA zone a near miss most likely meant: "america/sao paulo" -> "America/Sao_Paulo",
 * "Sao Paulo" or "São Paulo" -> "America/Sao_Paulo", "Brasília" -> "America/Sao_Paulo" (ZONE_NAMES).
 * Undefined when nothing matches clearly.
 */
export function suggestTimeZone(input: unknown): string | undefined {
  if (typeof input !== 'string' || input.length > 64) return undefined;
  zones ??= Intl.supportedValuesOf('timeZone');
  const key = matchKey(input).replace(/ /g, '_');
  const exact = zones.find((z) => z.toLowerCase() === key) ?? ZONE_NAMES.get(key);
  if (exact) return exact;
  const byCity = zones.filter((z) => z.toLowerCase().split('/').pop() === key);
  return byCity.length === 1 ? byCity[0] : undefined;
}

const OFFSET_BUCKET_MS = 15 * 60_000;
/** Per zone, per quarter hour: keyed by numbers, no key text is built per date. */
const offsets = new Map<string, Map<number, number>>();
let offsetsCached = 0;

/**
 * Offset of `timeZone` from UTC at `instant`, in minutes (east positive). Zone offsets change only
 * on quarter hours, so results are cached per zone and quarter hour (formatToParts is slow).
 */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const bucket = Math.floor(instant.getTime() / OFFSET_BUCKET_MS);
  let zone = offsets.get(timeZone);
  let offset = zone?.get(bucket);
  if (offset === undefined) {
    if (offsetsCached > 100_000) {
      offsets.clear();
      offsetsCached = 0;
      zone = undefined;
    }
    offset = computeOffset(instant, timeZone);
    if (!zone) offsets.set(timeZone, (zone = new Map<number, number>()));
    zone.set(bucket, offset);
    offsetsCached++;
  }
  return offset;
}

function computeOffset(instant: Date, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A refusal may offer the readings to choose from (a wall time a zone shows twice), or the one
 * accepted date it means (`suggestion`: the time clocks moved to, over a wall time they skip).
 */
export type DateParse = { ok: true; value: Date } | { ok: false; reason: string; readings?: DateReading[]; suggestion?: string };

/**
 * Parses one of the accepted formats; wall times are read in `timeZone`. A bare date (no time) is
 * that day's first moment. `bound`: the date starts or ends a range (a search's `x_from`, `x_to`),
 * which a bare date then bounds with all of its day (`end`: its last second, so that a range ending
 * on a day covers it), and which a month (`2026-11`) or a year (`2026`) bounds with all of it.
 */
export function parseDate(input: unknown, timeZone: string, bound?: 'start' | 'end'): DateParse {
  if (typeof input !== 'string') return { ok: false, reason: 'not a string' };
  const relative = relativeToNow(input, timeZone);
  if (relative instanceof Date) return { ok: true, value: relative };
  const match = PATTERN.exec(relative ?? input.trim());
  if (!match) {
    const period = bound ? PERIOD.exec(input.trim()) : null;
    return period
      ? periodBound(Number(period[1]), period[2] === undefined ? undefined : Number(period[2]), timeZone, bound!)
      : { ok: false, reason: 'unrecognized format' };
  }
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', offset] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (year < 1900 || year > 2999) return { ok: false, reason: `year ${year} outside 1900..2999` };
  if (month < 1 || month > 12) return { ok: false, reason: `month ${month} does not exist` };
  if (day < 1 || day > daysInMonth(year, month)) return { ok: false, reason: `${y}-${mo} has no day ${day}` };
  if (hour > 23 || minute > 59 || second > 59) return { ok: false, reason: 'time of day out of range' };
  const millis = fraction ? Number(fraction.padEnd(3, '0').slice(0, 3)) : 0;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  if (offset) {
    const minutesEast = offset.toUpperCase() === 'Z' ? 0 : offsetFromText(offset);
    if (minutesEast === undefined) return { ok: false, reason: `offset ${offset} out of range` };
    return { ok: true, value: new Date(wall - minutesEast * 60000) };
  }
  const timeGiven = match[4] !== undefined;
  if (bound === 'end' && !timeGiven) {
    const nextDay = zonedWallTime(wall + DAY_MS, timeZone, false);
    return nextDay.ok ? { ok: true, value: new Date(nextDay.value.getTime() - 1000) } : nextDay;
  }
  return zonedWallTime(wall, timeZone, timeGiven, (moved) => writtenLike(match, moved, timeZone));
}

/**
 * `instant`'s wall time in `timeZone`, written the way the caller wrote the date `match` read: the
 * same separator ('T' or a space), seconds only when they gave them. Sent back verbatim, it is read.
 */
function writtenLike(match: RegExpExecArray, instant: Date, timeZone: string): string {
  const shown = formatDate(instant, timeZone)!;
  return `${shown.slice(0, 10)}${match[0].charAt(10)}${shown.slice(11, match[6] === undefined ? 16 : 19)}`;
}

const DAY_MS = 86_400_000;

/** A month (`2026-11`, `2026-2`) or a year (`2026`), as a range's bound takes them. */
const PERIOD = /^(\d{4})(?:-(\d{1,2}))?$/;

/** The first moment of a month or a year in `timeZone`, or (`end`) its last second. */
function periodBound(year: number, month: number | undefined, timeZone: string, edge: 'start' | 'end'): DateParse {
  if (year < 1900 || year > 2999) return { ok: false, reason: `year ${year} outside 1900..2999` };
  if (month !== undefined && (month < 1 || month > 12)) return { ok: false, reason: `month ${month} does not exist` };
  // Date.UTC rolls month 12 (0-based) over into the next year: the period after is its end.
  const first = (m: number): number => Date.UTC(year, m, 1);
  const from = month === undefined ? first(0) : first(month - 1);
  if (edge === 'start') return zonedWallTime(from, timeZone, false);
  const next = zonedWallTime(month === undefined ? first(12) : first(month), timeZone, false);
  return next.ok ? { ok: true, value: new Date(next.value.getTime() - 1000) } : next;
}

/** Longer than any word or count fromNow reads, with a time of day: the text is not normalized to be looked up. */
const LONGEST_RELATIVE = 48;

/** A day's words followed by a time of day as the accepted formats write it: "tomorrow 17:00", "amanhã às 9:30". */
const DAY_AND_CLOCK = /^(.+?),? (?:at |as )?(\d{1,2}:\d{2}(?::\d{2})?)$/;

/**
 * What words relative to now name, read in `timeZone` (relative-days.ts): a day (today; in 3 days,
 * 2 weeks ago, in a month) as its bare date, so it is read as any date of that day is, or with a
 * time of day as that wall time ("tomorrow 17:00"); an instant (now; in 2 hours, 30 minutes ago).
 * Undefined for any other text.
 */
function relativeToNow(input: string, timeZone: string): string | Date | undefined {
  if (input.length > LONGEST_RELATIVE) return undefined;
  const key = matchKey(input);
  const timed = DAY_AND_CLOCK.exec(key);
  const named = fromNow(timed ? timed[1] : key);
  if (!named) return undefined;
  if ('ms' in named) return timed ? undefined : new Date(Date.now() + named.ms);
  const day = shiftDay(todayIn(timeZone), named.days, named.months);
  return timed ? `${day} ${timed[2]}` : day;
}

/** Today's date in `timeZone` (YYYY-MM-DD). */
function todayIn(timeZone: string): string {
  return dayIn(new Date(), timeZone)!;
}

/** The day (YYYY-MM-DD) of `instant` in `timeZone`: where a date is shown as a day, the caller's day, not UTC's. */
export function dayIn(instant: Date | null | undefined, timeZone: string): string | null {
  return formatDate(instant, timeZone)?.slice(0, 10) ?? null;
}

/**
 * The instant a wall time names in `timeZone`, refused where a DST switch makes it name none (clocks
 * moved forward over it: the reason names the hour they moved to) or two (clocks moved back over it:
 * both readings offered, each with its offset). A bare date on a day that began with a skipped
 * midnight is read from the day's first moment. The offsets in force a day before and a day after
 * are the two a wall time can have (switches are months apart).
 */
function zonedWallTime(wall: number, timeZone: string, timeGiven: boolean, written?: (moved: Date) => string): DateParse {
  const before = offsetMinutes(new Date(wall - DAY_MS), timeZone);
  const after = offsetMinutes(new Date(wall + DAY_MS), timeZone);
  if (before === after) return { ok: true, value: wallTimeToInstant(wall, timeZone) };
  const readings = [...new Set([before, after])]
    .map((offset) => new Date(wall - offset * 60000))
    .filter((instant) => offsetMinutes(instant, timeZone) * 60000 === wall - instant.getTime());
  if (readings.length === 1) return { ok: true, value: readings[0] };
  if (readings.length === 0) {
    // In the gap, between the two readings' instants: the switch is the first quarter hour (zones
    // switch on quarter hours) already at the later offset; its wall time is where clocks moved to.
    let switched = Math.ceil((wall - after * 60000) / OFFSET_BUCKET_MS) * OFFSET_BUCKET_MS;
    while (offsetMinutes(new Date(switched), timeZone) !== after && switched < wall - before * 60000) switched += OFFSET_BUCKET_MS;
    const moved = new Date(switched);
    if (!timeGiven) return { ok: true, value: moved };
    return {
      ok: false,
      reason: `that time does not exist in ${timeZone}: clocks moved forward, to ${formatDate(moved, timeZone)}; send a time after it, or give an offset`,
      ...(written ? { suggestion: written(moved) } : {}),
    };
  }
  return {
    ok: false,
    reason: `that time happens twice in ${timeZone} (clocks moved back); send it with the offset of the one you mean`,
    readings: readings.map((instant, i) => ({
      value: formatDate(instant, timeZone)!,
      reading: `${i === 0 ? 'first' : 'second'} time, offset ${offsetText(offsetMinutes(instant, timeZone))}`,
    })),
  };
}

function offsetFromText(offset: string): number | undefined {
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4));
  if (hours > 14 || minutes > 59) return undefined;
  return sign * (hours * 60 + minutes);
}

/** The instant whose wall-clock time in `timeZone` is `wall` (given as if UTC). */
function wallTimeToInstant(wall: number, timeZone: string): Date {
  // Two passes settle the offset, also across a DST change.
  let guess = wall - offsetMinutes(new Date(wall), timeZone) * 60000;
  guess = wall - offsetMinutes(new Date(guess), timeZone) * 60000;
  return new Date(guess);
}

function pad(value: number, width = 2): string {
  return String(Math.abs(value)).padStart(width, '0');
}

/** The calendar month (1-12) of `instant` as seen in `timeZone`. */
export function monthIn(instant: Date, timeZone: string): { year: number; month: number } {
  const local = new Date(instant.getTime() + offsetMinutes(instant, timeZone) * 60000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1 };
}

/** The first instant of a calendar month (1-12; 13 is January of the next year) in `timeZone`. */
export function monthStartIn(year: number, month: number, timeZone: string): Date {
  return wallTimeToInstant(Date.UTC(year, month - 1, 1), timeZone);
}

/** ISO-8601 with the offset of `timeZone` at that instant: `2026-06-01T00:00:00-03:00`. */
export function formatDate(instant: Date | null | undefined, timeZone: string): string | null {
  if (!instant || Number.isNaN(instant.getTime())) return null;
  const offset = offsetMinutes(instant, timeZone);
  const local = new Date(instant.getTime() + offset * 60000);
  const year = local.getUTCFullYear();
  return (
    `${year >= 1000 && year <= 9999 ? String(year) : pad(year, 4)}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}` +
    `T${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}${offsetText(offset)}`
  );
}

/** 00 to 99: the two-digit fields of a date, padded once (six per date shown). */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));

/** A two-digit field; pad() for what is not 0-99 (NaN, at the edge of the Date range), as before. */
function two(value: number): string {
  return TWO_DIGITS[value] ?? pad(value);
}

/** `+hh:mm` per offset in minutes, built once each (a deployment shows a handful). */
const offsetTexts = new Map<number, string>();

function offsetText(offset: number): string {
  let text = offsetTexts.get(offset);
  if (text === undefined) {
    text = `${offset < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
    if (offsetTexts.size < 1000) offsetTexts.set(offset, text);
  }
  return text;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  janeiro: 1,
  fev: 2,
  feb: 2,
  february: 2,
  fevereiro: 2,
  mar: 3,
  march: 3,
  marco: 3,
  apr: 4,
  april: 4,
  abr: 4,
  abril: 4,
  may: 5,
  mai: 5,
  maio: 5,
  jun: 6,
  june: 6,
  junho: 6,
  jul: 7,
  july: 7,
  julho: 7,
  aug: 8,
  august: 8,
  ago: 8,
  agosto: 8,
  sep: 9,
  sept: 9,
  september: 9,
  set: 9,
  setembro: 9,
  oct: 10,
  october: 10,
  out: 10,
  outubro: 10,
  nov: 11,
  november: 11,
  novembro: 11,
  dec: 12,
  december: 12,
  dez: 12,
  dezembro: 12,
};

export interface DateHint {
  /** The one accepted spelling it can mean. */
  suggestion?: string;
  /** Two or more days it can mean, in the order the caller most likely meant (never a suggestion). */
  readings?: DateReading[];
}

/** Hour forms at the end of a date: "14:30", "14h", "14h30", "14:30h", "2pm", "2:30 pm", "9 am", "às 14h". */
const TIME_OF_DAY = /(?:^|[\s,t])(?:as\s+|at\s+|@\s*)?(\d{1,2})(?:(?::|h)(\d{2}))?(?::(\d{2}))?\s*(h|am|pm|a\.m\.|p\.m\.)?\s*$/;

/** The wall clock of a recognised hour form, as " HH:MM:SS"; undefined when the end of the text is no time. */
function clockOf(text: string): { clock: string; at: number } | undefined {
  const match = TIME_OF_DAY.exec(text);
  if (!match) return undefined;
  const [, h, mi, se, suffix] = match;
  const colon = mi !== undefined && /:\d{2}(?::\d{2})?\s*(h|am|pm|a\.m\.|p\.m\.)?\s*$/.test(text);
  // A bare number is a day or a year, not an hour: a time needs ':', 'h' or am/pm.
  if (suffix === undefined && !colon && !/\dh\d{2}\s*$/.test(text)) return undefined;
  let hour = Number(h);
  const meridiem = suffix?.replace(/\./g, '');
  if (meridiem === 'am' || meridiem === 'pm') {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  const minute = Number(mi ?? 0);
  const second = Number(se ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return { clock: ` ${pad(hour)}:${pad(minute)}:${pad(second)}`, at: match.index };
}

function monthName(month: number): string {
  return new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
}

/**
 * What a date written another way means. One day: `suggestion` in an accepted spelling
 * ("25/12/2026" -> "2026-12-25", "June 1st 2026" / "1 de junho de 2026" -> "2026-06-01",
 * "2026/06/01 9:30" -> "2026-06-01 09:30:00", "2026-07-01 14h" -> "2026-07-01 14:00:00").
 * Two days ("01/07/2026": 1 July or 7 January?): no suggestion, both `readings`, day-first first
 * unless the caller writes US English (GLPI's `en_US` language). A weekday, seen from today in
 * `timeZone` ("next friday": the coming Friday or the one after it; relative-days.ts). Only ever
 * hints: the call is still refused, so the caller confirms what it meant; the margin rule
 * (clearWinner) decides. `bound`: the date ends (or starts) a range, and words for a span or a
 * period mean its edge there ("last week" ending a range is today, "this month" its last day).
 */
export function dateHint(input: unknown, language: string | null = null, timeZone = 'UTC', bound?: 'start' | 'end'): DateHint {
  if (typeof input !== 'string' || input.length > 60) return {};
  const text = input
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  const spoken = spokenClock(text);
  if (spoken) return spokenHint(spoken, language, timeZone, bound);
  const time = clockOf(text);
  const clock = time?.clock ?? '';
  const body = time ? text.slice(0, time.at).trim().replace(/[,t]$/, '').trim() : text;
  const period = clock ? undefined : periodWritten(body);
  if (period) return periodHint(period, bound);
  const days: Array<{ y: number; m: number; d: number; reading: string }> = [];
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(body)))
    days.push({ y: Number(match[1]), m: Number(match[2]), d: Number(match[3]), reading: 'year first' });
  else if ((match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(body))) {
    const [a, b, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const dayFirst = { y, m: b, d: a, reading: `day first: ${a} ${monthName(b)} ${y}` };
    const monthFirst = { y, m: a, d: b, reading: `month first: ${monthName(a)} ${b}, ${y}` };
    if (b >= 1 && b <= 12) days.push(dayFirst);
    if (a >= 1 && a <= 12 && a !== b) days.push(monthFirst);
    if (language === 'en_US') days.reverse();
  } else if ((match = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?$/.exec(body)) && MONTHS[match[1]]) {
    days.push(...monthDay(MONTHS[match[1]], Number(match[2]), match[3], timeZone));
  } else if ((match = /^(\d{1,2})(?:st|nd|rd|th|o|º)?\s+(?:de\s+)?([a-z]+)\.?(?:,?\s+(?:de\s+)?(\d{4}))?$/.exec(body)) && MONTHS[match[2]]) {
    days.push(...monthDay(MONTHS[match[2]], Number(match[1]), match[3], timeZone));
  } else {
    // Words for a day seen from today in the zone (read once): a day's words with an hour form
    // ("tomorrow 5pm", "amanhã às 17h"), a span back ("semana passada": its first day), a month's or
    // year's first or last day, a count of business days; else a week's first day or a weekday
    // ("next friday", "sexta que vem"), with the days they can name.
    const words = body.replace(/\s+/g, ' ');
    const today = todayIn(timeZone);
    // "since Monday", "desde ontem": a day on a range's start only; ending a range or as a date of
    // its own, "since" says nothing of the day meant. A weekday's hour is kept (`clock`).
    const since = sinceStart(words, today);
    if (since) {
      if (bound !== 'start') return {};
      if ('day' in since) return { suggestion: `${since.day}${clock}` };
      // What follows may be a date as taken ("desde ontem"): then it is the suggestion, as written.
      const rest = withoutSince(input).trim();
      return parseDate(rest, timeZone, bound).ok ? { suggestion: rest } : dateHint(rest, language, timeZone, bound);
    }
    // An hour alone is today's.
    if (clock && words === '') return { suggestion: `${today}${clock}` };
    const ahead = clock ? fromNow(words) : undefined;
    if (ahead && 'days' in ahead) return { suggestion: `${shiftDay(today, ahead.days, ahead.months)}${clock}` };
    const span = spanBack(words);
    // Ending a range, a span back from today ends today.
    if (span && 'days' in span) return { suggestion: `${bound === 'end' ? today : shiftDay(today, span.days, span.months)}${clock}` };
    const edge =
      (bound === 'end' ? periodLast(words, today) : undefined) ?? periodStart(words, today) ?? periodEnd(words, today) ?? businessDaysAhead(words, today);
    if (edge) return { suggestion: `${edge}${clock}` };
    let weekdays = weekStartReadings(words, today, language);
    if (weekdays.length === 0) weekdays = weekEndReadings(words, today, language);
    if (weekdays.length === 0) weekdays = weekdayReadings(words, today);
    if (weekdays.length === 1) return { suggestion: `${weekdays[0].value}${clock}` };
    if (weekdays.length > 1) return { readings: weekdays.map((r) => ({ value: `${r.value}${clock}`, reading: r.reading })) };
  }
  const valid = days.map(({ y, m, d, reading }) => ({ value: `${y}-${pad(m)}-${pad(d)}${clock}`, reading })).filter((r) => parseDate(r.value, 'UTC').ok);
  // Every valid reading is as likely as the others (score 0): one is a suggestion, two are readings to choose from.
  const suggestion = clearWinner(valid.map((r) => ({ target: r.value, score: 0 })));
  if (suggestion !== undefined) return { suggestion };
  return valid.length > 1 ? { readings: valid } : {};
}

/** Noon's words, alone or after a day ("tomorrow noon", "amanhã ao meio-dia"). */
const NOON = /(?:^|\s)(?:(?:at|ao|as|a)\s+)?(?:noon|midday|meio[- ]?dia)$/;
/** Midnight's words, alone or after a day ("tomorrow at midnight", "amanhã à meia-noite"). */
const MIDNIGHT = /(?:^|\s)(?:(?:at|a|as)\s+)?(?:midnight|meia[- ]?noite)$/;
/** The end of today ("EOD", "by end of day", "até o fim do dia"): its last second. */
const END_OF_DAY = /^(?:(?:by|until|till|ate)\s+)?(?:(?:the|o)\s+)?(?:end of (?:the )?(?:day|today)|eod|(?:fim|final) (?:do dia|de hoje))$/;
/** An hour form before its day ("9am tomorrow", "14h amanhã", "at 9 tomorrow"). */
const HOUR_FIRST = /^((?:(?:at|as)\s+|@\s*)?\d{1,2}(?:(?::|h)\d{2})?(?::\d{2})?\s*(?:h|am|pm|a\.m\.|p\.m\.)?)\s+(\S.*)$/;
/** An hour after "at" / "às" with neither minutes, 'h' nor am/pm ("tomorrow at 9"). */
const BARE_HOUR = /(?:^|\s)(?:at|as|@)\s*(\d{1,2})$/;

/**
 * A time of day said in words clockOf does not read (normalized text), written as it reads them,
 * with what each means when it can mean two: noon, midnight (the day's last second or its first:
 * the end first, a deadline's), the end of today, an hour written before its day, an hour after
 * "at" without am/pm (a 12-hour reader's morning or evening, the likelier first: 7 to 11 the
 * morning's, 1 to 6 the afternoon's; 0 and 12 to 23 are one hour). Undefined when the text says
 * none of them.
 */
function spokenClock(normalized: string): Array<{ text: string; reading?: string }> | undefined {
  if (END_OF_DAY.test(normalized)) return [{ text: 'today 23:59:59' }];
  const midnight = MIDNIGHT.exec(normalized);
  if (midnight) {
    const day = normalized.slice(0, midnight.index).trim() || 'today';
    return [
      { text: `${day} 23:59:59`, reading: 'midnight at the end of the day' },
      { text: `${day} 00:00`, reading: 'midnight at the start of the day' },
    ];
  }
  let text = normalized;
  const noon = NOON.exec(text);
  if (noon) text = `${text.slice(0, noon.index)} 12:00`.trim();
  const first = clockOf(text) ? undefined : HOUR_FIRST.exec(text);
  if (first && (clockOf(first[1]) || BARE_HOUR.test(first[1]))) text = `${first[2]} ${first[1]}`;
  const bare = BARE_HOUR.exec(text);
  const hour = bare ? Number(bare[1]) : undefined;
  if (bare && hour !== undefined && hour <= 23) {
    const at = (h: number): string => `${text.slice(0, bare.index)} ${pad(h)}:00`.trim();
    if (hour === 0 || hour >= 12) return [{ text: at(hour) }];
    const early = { text: at(hour), reading: `${hour} ${hour < 5 ? 'at night' : 'in the morning'}` };
    const late = { text: at(hour + 12), reading: `${hour} ${hour + 12 <= 17 ? 'in the afternoon' : 'in the evening'}` };
    return hour <= 6 ? [late, early] : [early, late];
  }
  return text === normalized ? undefined : [{ text }];
}

/** The hint of each text spokenClock wrote: one text's own; two or more, each day with the reading of its hour. */
function spokenHint(spoken: Array<{ text: string; reading?: string }>, language: string | null, timeZone: string, bound?: 'start' | 'end'): DateHint {
  if (spoken.length === 1) return dateHint(spoken[0].text, language, timeZone, bound);
  const readings = spoken.flatMap(({ text, reading }) => {
    const hint = dateHint(text, language, timeZone, bound);
    if (hint.suggestion !== undefined) return [{ value: hint.suggestion, reading: reading ?? '' }];
    return (hint.readings ?? []).map((r) => ({ value: r.value, reading: reading ? `${r.reading}, ${reading}` : r.reading }));
  });
  return readings.length ? { readings } : {};
}

/** A month written as a range's bound takes it (`2027-03`), with its name ("março de 2027", "March 2027") or its number; or a year (`2027`). */
function periodWritten(body: string): { y: number; m?: number } | undefined {
  const numeric = PERIOD.exec(body);
  const named = numeric ? undefined : /^([a-z]+)\.?(?:\s+de|\s*[/-]|\s*,)?\s*(\d{4})$/.exec(body);
  const [y, m] = numeric ? [Number(numeric[1]), numeric[2] === undefined ? undefined : Number(numeric[2])] : named ? [Number(named[2]), MONTHS[named[1]]] : [];
  if (y === undefined || y < 1900 || y > 2999 || (named && m === undefined) || (m !== undefined && (m < 1 || m > 12))) return undefined;
  return { y, m };
}

/**
 * A month or a year where one date goes. A range's bound takes the month as it is (`2027-03`: all of
 * it); a date that is set is one day of it, and which one is the caller's to say: its first or its last.
 */
function periodHint({ y, m }: { y: number; m?: number }, bound: 'start' | 'end' | undefined): DateHint {
  if (bound) return m === undefined ? {} : { suggestion: `${y}-${pad(m)}` };
  const [from, to] = m === undefined ? [1, 12] : [m, m];
  return {
    readings: [
      { value: `${y}-${pad(from)}-01`, reading: 'its first day' },
      { value: `${y}-${pad(to)}-${pad(daysInMonth(y, to))}`, reading: 'its last day' },
    ],
  };
}

/**
 * The days a month's name and a day ("June 1st 2026", "10 de dezembro") name: that one with a year;
 * without one, this year's when it is still to come in the zone, else the coming one (next year's)
 * and the past one (this year's), to choose from. Impossible days go later (parseDate).
 */
function monthDay(m: number, d: number, year: string | undefined, timeZone: string): Array<{ y: number; m: number; d: number; reading: string }> {
  if (year !== undefined) return [{ y: Number(year), m, d, reading: 'month name' }];
  const today = todayIn(timeZone);
  const y = Number(today.slice(0, 4));
  if (`${y}-${pad(m)}-${pad(d)}` >= today) return [{ y, m, d, reading: 'this year' }];
  return [
    { y: y + 1, m, d, reading: 'the coming one, next year' },
    { y, m, d, reading: 'the past one, this year' },
  ];
}

/** The one accepted spelling of a date written another way (see dateHint); undefined when none or several. */
export function suggestDate(input: unknown): string | undefined {
  return dateHint(input).suggestion;
}
