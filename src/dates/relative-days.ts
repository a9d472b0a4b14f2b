/**
 * Words for a time relative to now, English and pt-BR, as matchKey writes them (lower case, no
 * accents, single spaces): days and instants a caller may name without knowing the date. Calendar
 * arithmetic on bare dates (YYYY-MM-DD) only: the zone that says what "today" is belongs to the caller.
 */

/** Days and months from today (a day: read as its bare date), or milliseconds from now (an instant). */
export type FromNow = { days: number; months: number } | { ms: number };

/** Words for one day by its distance from today, and for the current instant. */
const DAY_WORDS = new Map<string, FromNow>([
  ['today', { days: 0, months: 0 }],
  ['hoje', { days: 0, months: 0 }],
  ['yesterday', { days: -1, months: 0 }],
  ['ontem', { days: -1, months: 0 }],
  ['tomorrow', { days: 1, months: 0 }],
  ['amanha', { days: 1, months: 0 }],
  ['now', { ms: 0 }],
  ['agora', { ms: 0 }],
]);

type CountUnit = 'day' | 'week' | 'month' | 'hour' | 'minute';
/** The units a count is given in, singular and plural ("mês" is "mes"). */
const COUNT_UNITS = new Map<string, CountUnit>(
  (
    [
      ['day', ['day', 'days', 'dia', 'dias']],
      ['week', ['week', 'weeks', 'semana', 'semanas']],
      ['month', ['month', 'months', 'mes', 'meses']],
      ['hour', ['hour', 'hours', 'hora', 'horas']],
      ['minute', ['minute', 'minutes', 'min', 'mins', 'minuto', 'minutos']],
    ] as const
  ).flatMap(([unit, words]) => words.map((word) => [word, unit] as const)),
);
const ONE = new Set(['a', 'an', 'one', 'um', 'uma']);
const COUNT = String.raw`(\d{1,6}|a|an|one|um|uma) ([a-z]+)`;
/** "in 3 days", "3 days from now", "daqui a 3 dias", "em 3 dias", "dentro de 3 dias". */
const AHEAD = [new RegExp(`^(?:in|daqui a|em|dentro de) ${COUNT}$`), new RegExp(`^${COUNT} from now$`)];
/** "3 days ago", "há 3 dias", "3 dias atrás". */
const BACK = [new RegExp(`^${COUNT} (?:ago|atras)$`), new RegExp(`^ha ${COUNT}$`)];
const UNIT_MS = { hour: 3_600_000, minute: 60_000 } as const;

/** What `key` names relative to now: a word for a day or for now, or a count of units ahead or back. */
export function fromNow(key: string): FromNow | undefined {
  const word = DAY_WORDS.get(key);
  if (word) return word;
  for (const [patterns, sign] of [
    [AHEAD, 1],
    [BACK, -1],
  ] as const) {
    for (const pattern of patterns) {
      const match = pattern.exec(key);
      const unit = match && COUNT_UNITS.get(match[2]);
      if (match && unit) return ofUnits(sign * (ONE.has(match[1]) ? 1 : Number(match[1])), unit);
    }
  }
  return undefined;
}

const BUSINESS_DAYS = String.raw`(?:business|working|work) days?|dias? (?:uteis|util)`;
/** "in 3 business days", "5 working days from now", "em 2 dias úteis", "daqui a um dia útil" (at most 4 digits: the days are stepped through). */
const BUSINESS_AHEAD = [
  new RegExp(`^(?:in|daqui a|em|dentro de) (\\d{1,4}|a|an|one|um|uma) (?:${BUSINESS_DAYS})$`),
  new RegExp(`^(\\d{1,4}|a|an|one|um|uma) (?:${BUSINESS_DAYS}) from now$`),
];

/**
 * The day a count of business days from `today` (YYYY-MM-DD) names, Saturdays and Sundays not
 * counted: a deadline's day, suggested, never read (holidays are the desk's calendar, not known here).
 */
export function businessDaysAhead(key: string, today: string): string | undefined {
  const written = BUSINESS_AHEAD.map((pattern) => pattern.exec(key)?.[1]).find((count) => count !== undefined);
  const count = written === undefined ? 0 : ONE.has(written) ? 1 : Number(written);
  if (count <= 0) return undefined;
  let day = today;
  for (let left = count; left > 0;) {
    day = shiftDay(day, 1);
    const weekday = dayOfWeek(day);
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return day;
}

/** "last 7 days", "the past week", "últimos 30 dias", "nos últimos 2 meses". */
const LAST_UNITS = /^(?:(?:in |over )?the |nos |nas |os |as )?(?:last|past|ultimos|ultimas|ultima|ultimo) (?:(\d{1,6}) )?([a-z]+)$/;
/** "semana passada", "mês passado". */
const UNIT_PAST = /^(?:na |no )?([a-z]+) passad[ao]$/;

/**
 * The first day of a span that ends today, by its length: "last 7 days", "past week", "últimos 30
 * dias", "semana passada", "last month". Days, weeks and months only. A reading, not a date: a span
 * starts where its user says, so it is only ever suggested (a range's start), never read.
 */
export function spanBack(key: string): FromNow | undefined {
  const last = LAST_UNITS.exec(key);
  const [count, word] = last ? [last[1] === undefined ? 1 : Number(last[1]), last[2]] : [1, UNIT_PAST.exec(key)?.[1]];
  const unit = word === undefined ? undefined : COUNT_UNITS.get(word);
  if (unit === undefined || unit === 'hour' || unit === 'minute') return undefined;
  return ofUnits(-count, unit);
}

const MONTH_START = /^(?:this month|este mes|neste mes|(?:the )?(?:start|beginning) of (?:the |this )?month|(?:o )?(?:inicio|comeco) do mes)$/;
const YEAR_START = /^(?:this year|este ano|neste ano|(?:the )?(?:start|beginning) of (?:the |this )?year|(?:o )?(?:inicio|comeco) do ano)$/;

/**
 * The first day of this month or year, named so ("this month", "início do mês", "este ano"), seen
 * from `today` (YYYY-MM-DD): a range's start, suggested like spanBack's. Not "this week", which
 * starts on a Sunday or a Monday by custom.
 */
export function periodStart(key: string, today: string): string | undefined {
  if (MONTH_START.test(key)) return `${today.slice(0, 8)}01`;
  if (YEAR_START.test(key)) return `${today.slice(0, 5)}01-01`;
  return undefined;
}

/** "this month", "este ano": the whole period, which a range's end bounds at its last day (periodLast). */
const THIS_PERIOD = /^(?:this|este|neste) (month|mes|year|ano)$/;

/**
 * The last day of this month or year named as a whole ("this month", "este ano"), seen from `today`:
 * what such words mean where they end a range (periodStart gives their first day, for its start).
 */
export function periodLast(key: string, today: string): string | undefined {
  const unit = THIS_PERIOD.exec(key)?.[1];
  if (unit === undefined) return undefined;
  return unit === 'month' || unit === 'mes' ? monthLastDay(today) : yearLastDay(today);
}

/** The day before the first of the next month. */
function monthLastDay(today: string): string {
  return shiftDay(`${today.slice(0, 8)}01`, -1, 1);
}

function yearLastDay(today: string): string {
  return `${today.slice(0, 5)}12-31`;
}

const MONTH_END = /^(?:(?:the )?end of (?:the |this )?month|(?:o )?(?:fim|final) do mes)$/;
const YEAR_END = /^(?:(?:the )?end of (?:the |this )?year|(?:o )?(?:fim|final) do ano)$/;

/**
 * The last day of this month or year, named so ("end of the month", "fim do mês", "fim do ano"),
 * seen from `today` (YYYY-MM-DD): a deadline's day, suggested like periodStart's.
 */
export function periodEnd(key: string, today: string): string | undefined {
  if (YEAR_END.test(key)) return yearLastDay(today);
  return MONTH_END.test(key) ? monthLastDay(today) : undefined;
}

const WEEK_START = /^(?:this week|esta semana|nesta semana|(?:the )?(?:start|beginning) of (?:the |this )?week|(?:o )?(?:inicio|comeco) da semana)$/;
const NEXT_WEEK_START =
  /^(?:next week|(?:a )?proxima semana|semana que vem|(?:the )?(?:start|beginning) of next week|(?:o )?(?:inicio|comeco) da proxima semana)$/;
/** Languages whose calendars start the week on a Sunday: their reading comes first. */
const SUNDAY_FIRST = new Set(['en_US', 'pt_BR']);

/**
 * The first day of this week or the next ("this week", "início da semana", "next week", "semana que
 * vem"), seen from `today` (YYYY-MM-DD): a Monday or a Sunday, by custom, so both, the caller's
 * custom first; none for other words.
 */
export function weekStartReadings(key: string, today: string, language: string | null): DateReading[] {
  const weeksOn = WEEK_START.test(key) ? 0 : NEXT_WEEK_START.test(key) ? 1 : undefined;
  if (weeksOn === undefined) return [];
  const monday = { value: weekFirstDay(today, weeksOn, false), reading: 'Monday, as ISO 8601 and most of Europe start the week' };
  const sunday = { value: weekFirstDay(today, weeksOn, true), reading: 'Sunday, as Brazil and the US start the week' };
  return startsOnSunday(language) ? [sunday, monday] : [monday, sunday];
}

/** The first day (YYYY-MM-DD) of the week `weeksOn` weeks from the one holding `today`: its Sunday, or its Monday. */
function weekFirstDay(today: string, weeksOn: number, sundayFirst: boolean): string {
  const weekday = dayOfWeek(today);
  return shiftDay(today, 7 * weeksOn - (sundayFirst ? weekday : (weekday + 6) % 7));
}

function startsOnSunday(language: string | null): boolean {
  return language !== null && SUNDAY_FIRST.has(language);
}

const WEEK_END = /^(?:(?:by|until|till|ate) )?(?:the |o )?(?:end of (?:the |this )?week|(?:fim|final) (?:da|desta) semana)$/;
const NEXT_WEEK_END = /^(?:(?:by|until|till|ate) )?(?:the |o )?(?:end of next week|(?:fim|final) da (?:proxima semana|semana que vem))$/;

/**
 * The end of this week or the next ("end of the week", "fim da semana", "end of next week"), seen
 * from `today`: its Friday, where the working week ends, and its last day by the caller's custom
 * (Saturday where weeks start on a Sunday, else Sunday), those not before today; none for other
 * words. ("Fim de semana" is the weekend, a span, not read.)
 */
export function weekEndReadings(key: string, today: string, language: string | null): DateReading[] {
  const weeksOn = WEEK_END.test(key) ? 0 : NEXT_WEEK_END.test(key) ? 1 : undefined;
  if (weeksOn === undefined) return [];
  const sundayFirst = startsOnSunday(language);
  const first = weekFirstDay(today, weeksOn, sundayFirst);
  const friday = { value: shiftDay(first, sundayFirst ? 5 : 4), reading: 'Friday, the end of the working week' };
  const last = {
    value: shiftDay(first, 6),
    reading: sundayFirst ? 'Saturday, the last day of a week that starts on Sunday' : 'Sunday, the last day of a week that starts on Monday',
  };
  return [friday, last].filter((day) => day.value >= today);
}

function ofUnits(n: number, unit: CountUnit): FromNow {
  if (unit === 'hour' || unit === 'minute') return { ms: n * UNIT_MS[unit] };
  return unit === 'month' ? { days: 0, months: n } : { days: unit === 'week' ? 7 * n : n, months: 0 };
}

/** The day of the week of `day` (YYYY-MM-DD): 0 Sunday … 6 Saturday. */
function dayOfWeek(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/**
 * `day` (YYYY-MM-DD) moved by `months`, then by `days`. A month on is the same day of the month, or
 * the month's last day where it has no such day (31 January, a month on: 28 or 29 February).
 */
export function shiftDay(day: string, days: number, months = 0): string {
  const [year, month, date] = day.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDate = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(date, lastDate) + days)).toISOString().slice(0, 10);
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** A weekday's words, by its number (0 Sunday): English, its short forms, and pt-BR with and without "-feira". */
const WEEKDAY_WORDS = new Map<string, number>(
  [
    ['sunday', 'sun', 'domingo'],
    ['monday', 'mon', 'segunda', 'segunda-feira', 'segunda feira'],
    ['tuesday', 'tue', 'tues', 'terca', 'terca-feira', 'terca feira'],
    ['wednesday', 'wed', 'quarta', 'quarta-feira', 'quarta feira'],
    ['thursday', 'thu', 'thur', 'thurs', 'quinta', 'quinta-feira', 'quinta feira'],
    ['friday', 'fri', 'sexta', 'sexta-feira', 'sexta feira'],
    ['saturday', 'sat', 'sabado'],
  ].flatMap((words, weekday) => words.map((word) => [word, weekday] as const)),
);
const WEEKDAY = String.raw`([a-z]+(?:[ -]feira)?)`;
/** "friday", "this friday", "on friday", "esta sexta", "na sexta". */
const COMING = new RegExp(`^(?:(?:this|on|esta|essa|nesta|nessa|na|no) )?${WEEKDAY}$`);
/** "next friday", "próxima sexta", "sexta que vem". */
const NEXT = [new RegExp(`^(?:next|proxima|proximo) ${WEEKDAY}$`), new RegExp(`^${WEEKDAY} que vem$`)];
/** "last friday", "última sexta", "sexta passada". */
const LAST = [new RegExp(`^(?:last|ultima|ultimo|na ultima|no ultimo) ${WEEKDAY}$`), new RegExp(`^${WEEKDAY} passad[ao]$`)];

/** A day a date written another way can name, and which reading it is ("01/07/2026" day first; "next friday" the coming one). */
export interface DateReading {
  value: string;
  reading: string;
}

/**
 * The days words for a weekday can name, seen from `today` (YYYY-MM-DD), most likely first; none
 * when `text` names no weekday. A weekday alone is the coming one (today's weekday: today, or a week
 * on); "next" is the coming one or the one a week after it, as people use it both ways; "last" is
 * the latest before today. Hints only: the caller sends the day it means.
 */
export function weekdayReadings(text: string, today: string): DateReading[] {
  const todayWeekday = dayOfWeek(today);
  const ahead = (weekday: number): number => (weekday - todayWeekday + 7) % 7;
  const day = (days: number): string => shiftDay(today, days);
  const coming = weekdayOf(text, [COMING]);
  if (coming !== undefined) {
    const name = WEEKDAY_NAMES[coming];
    if (ahead(coming) === 0)
      return [
        { value: today, reading: `today, ${name}` },
        { value: day(7), reading: `${name} a week from today` },
      ];
    return [{ value: day(ahead(coming)), reading: `the coming ${name}` }];
  }
  const next = weekdayOf(text, NEXT);
  if (next !== undefined) {
    const first = ahead(next) || 7;
    return [
      { value: day(first), reading: `the coming ${WEEKDAY_NAMES[next]}` },
      { value: day(first + 7), reading: `the ${WEEKDAY_NAMES[next]} after it` },
    ];
  }
  const last = weekdayOf(text, LAST);
  if (last !== undefined) return [{ value: day(-((todayWeekday - last + 7) % 7 || 7)), reading: `the latest ${WEEKDAY_NAMES[last]} before today` }];
  return [];
}

/** The words a range's start is written after. */
const SINCE_WORD = '(?:since|desde)';
/** "since friday", "desde sexta": a range that starts on the latest Friday, today if it is one. */
const SINCE_WEEKDAY = new RegExp(`^${SINCE_WORD} ${WEEKDAY}$`);
/** "since yesterday", "desde o início do mês": a range's start written after the word. */
const SINCE = new RegExp(`^${SINCE_WORD} (.+)$`);
const LEADING_SINCE = new RegExp(`^\\s*${SINCE_WORD}\\s+`, 'i');

/**
 * What a range's start written after "since" (desde) names, seen from `today`: a weekday alone, its
 * latest, today included ("since Monday" said on a Monday is today, not a week ago); anything else,
 * the words after "since", to read as a date of their own. Undefined when `text` does not start so.
 */
export function sinceStart(text: string, today: string): { day: string } | { rest: string } | undefined {
  const weekday = weekdayOf(text, [SINCE_WEEKDAY]);
  if (weekday !== undefined) return { day: shiftDay(today, -((dayOfWeek(today) - weekday + 7) % 7)) };
  const rest = SINCE.exec(text)?.[1];
  return rest === undefined ? undefined : { rest };
}

/** `text` as written, without the "since" (desde) before it. */
export function withoutSince(text: string): string {
  return text.replace(LEADING_SINCE, '');
}

/** The weekday one of `patterns` finds in `text`, if its word is a weekday's. */
function weekdayOf(text: string, patterns: readonly RegExp[]): number | undefined {
  for (const pattern of patterns) {
    const word = pattern.exec(text)?.[1];
    const weekday = word === undefined ? undefined : WEEKDAY_WORDS.get(word);
    if (weekday !== undefined) return weekday;
  }
  return undefined;
}
