/**
 * The agent's date guesser: reads a few common human spellings of a date and rewrites it in a
 * format a server names (in an error's `expected` or a field description). No time zone logic: a
 * wall time stays a wall time, as a model would copy it.
 */

export interface WallTime {
  y: number;
  m: number;
  d: number;
  h?: number;
  mi?: number;
  s?: number;
}

const MONTHS: Record<string, number> = {
  january: 1, jan: 1, janeiro: 1,
  february: 2, feb: 2, fevereiro: 2, fev: 2,
  march: 3, mar: 3, marco: 3,
  april: 4, apr: 4, abril: 4, abr: 4,
  may: 5, maio: 5, mai: 5,
  june: 6, jun: 6, junho: 6,
  july: 7, jul: 7, julho: 7,
  august: 8, aug: 8, agosto: 8, ago: 8,
  september: 9, sep: 9, sept: 9, setembro: 9, set: 9,
  october: 10, oct: 10, outubro: 10, out: 10,
  november: 11, nov: 11, novembro: 11,
  december: 12, dec: 12, dezembro: 12, dez: 12,
};

function month(name: string): number | undefined {
  return MONTHS[name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\.$/, '')];
}

function time(h?: string, mi?: string, s?: string, ampm?: string): Pick<WallTime, 'h' | 'mi' | 's'> {
  if (h === undefined) return {};
  let hour = Number(h);
  if (ampm) {
    const pm = ampm.toLowerCase() === 'pm';
    if (pm && hour < 12) hour += 12;
    if (!pm && hour === 12) hour = 0;
  }
  return { h: hour, mi: Number(mi ?? 0), s: Number(s ?? 0) };
}

const TIME = String.raw`(?:[ ,T]+(?:at\s+|as\s+|às\s+)?(\d{1,2})(?:[:h](\d{2})|h)?(?::(\d{2}))?\s*(am|pm)?)?`;

/** Seconds of a duration a person writes: "1h30", "2 horas", "90 min", "1:30" (h:mm). */
export function guessSeconds(input: string): number | undefined {
  const s = input.trim().toLowerCase();
  let m = /^(\d+)\s*(?:h|hs|horas?|hours?)\s*(?:e\s*)?(\d+)?\s*(?:m|min|minutos?|minutes?)?$/.exec(s);
  if (m) return Number(m[1]) * 3600 + Number(m[2] ?? 0) * 60;
  m = /^(\d+)\s*(?:m|min|mins|minutos?|minutes?)$/.exec(s);
  if (m) return Number(m[1]) * 60;
  m = /^(\d+):(\d{2})$/.exec(s);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 : undefined;
}

/** Reads `2026-06-01[ 9:30]`, `01/06/2026[ 18:00]` (day first), `June 1st 2026[, 9:30]`, `1 June 2026`. */
export function guessDate(input: unknown): WallTime | undefined {
  if (typeof input !== 'string') return undefined;
  const s = input.trim();
  let m = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?(?:\.\d+)?$`).exec(s);
  if (m) return valid({ y: +m[1], m: +m[2], d: +m[3], ...time(m[4], m[5], m[6]) });
  m = new RegExp(String.raw`^(\d{1,2})[/.](\d{1,2})[/.](\d{4})${TIME}$`, 'i').exec(s);
  if (m) return valid({ y: +m[3], m: +m[2], d: +m[1], ...time(m[4], m[5], m[6], m[7]) });
  m = new RegExp(String.raw`^([A-Za-zçÇ.]+)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})${TIME}$`, 'i').exec(s);
  if (m && month(m[1])) return valid({ y: +m[3], m: month(m[1])!, d: +m[2], ...time(m[4], m[5], m[6], m[7]) });
  m = new RegExp(String.raw`^(\d{1,2})(?:st|nd|rd|th|º)?\s+(?:de\s+)?([A-Za-zçÇ.]+)\s+(?:de\s+)?(\d{4})${TIME}$`, 'i').exec(s);
  if (m && month(m[2])) return valid({ y: +m[3], m: month(m[2])!, d: +m[1], ...time(m[4], m[5], m[6], m[7]) });
  return undefined;
}

function valid(w: WallTime): WallTime | undefined {
  if (w.m < 1 || w.m > 12 || w.d < 1 || w.d > 31) return undefined;
  if (w.h !== undefined && (w.h > 23 || (w.mi ?? 0) > 59)) return undefined;
  return w;
}

interface Format {
  time: boolean;
  separator: 'T' | ' ';
  seconds: boolean;
}

/**
 * Formats named in a text, in order: literal patterns (`YYYY-MM-DD HH:MM:SS`) and examples
 * (`2026-06-01T09:00:00`). Examples with an offset are skipped: the agent does not know the zone.
 */
export function formatsIn(text: string): Format[] {
  const found: Array<{ at: number; f: Format }> = [];
  for (const m of text.matchAll(/YYYY-MM-DD(?:([T ])HH:MM(:SS)?)?/g)) {
    found.push({ at: m.index!, f: { time: !!m[1], separator: (m[1] as 'T' | ' ') ?? ' ', seconds: !!m[2] } });
  }
  for (const m of text.matchAll(/\b\d{4}-\d{2}-\d{2}(?:([T ])\d{2}:\d{2}(:\d{2})?)?(Z|[+-]\d{2}:?\d{2})?/g)) {
    if (m[3]) continue;
    found.push({ at: m.index!, f: { time: !!m[1], separator: (m[1] as 'T' | ' ') ?? 'T', seconds: !!m[2] } });
  }
  return found.sort((a, b) => a.at - b.at).map((x) => x.f);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The wall time in the first named format that can hold it (a time needs a format with time). */
export function reformat(w: WallTime, text: string): string | undefined {
  const formats = formatsIn(text);
  if (formats.length === 0) return undefined;
  const hasTime = w.h !== undefined;
  const f = hasTime ? formats.find((x) => x.time) : formats[0];
  if (!f) return undefined;
  const date = `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}`;
  if (!f.time) return date;
  const clock = `${pad(w.h ?? 0)}:${pad(w.mi ?? 0)}${f.seconds ? `:${pad(w.s ?? 0)}` : ''}`;
  return `${date}${f.separator}${clock}`;
}

/** Does the text look like it is about dates? */
export function mentionsDateFormat(text: string): boolean {
  return /YYYY|ISO[- ]?8601|\b\d{4}-\d{2}-\d{2}\b/i.test(text);
}
