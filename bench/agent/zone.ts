/** Wall times in an IANA zone, without dependencies. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

export function isZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

function parts(instant: Date, zone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(instant)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** Minutes east of UTC of `zone` at `instant`. */
export function offsetMinutes(instant: Date, zone: string): number {
  const p = parts(instant, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The instant whose wall time in `zone` is y-m-d h:mi:s. */
export function wallToInstant(y: number, m: number, d: number, h: number, mi: number, s: number, zone: string): Date {
  const wall = Date.UTC(y, m - 1, d, h, mi, s);
  let guess = wall - offsetMinutes(new Date(wall), zone) * 60000;
  guess = wall - offsetMinutes(new Date(guess), zone) * 60000;
  return new Date(guess);
}

/** `YYYY-MM-DD HH:MM` of `instant` in `zone`. */
export function wallOf(instant: Date | null, zone: string): string | null {
  if (!instant || Number.isNaN(instant.getTime())) return null;
  const p = parts(instant, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** A datetime column as stored on SQLite ('YYYY-MM-DD HH:MM:SS.sss', UTC) to a Date. */
export function fromDb(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value;
  const s = String(value);
  return new Date(s.includes('T') ? s : `${s.replace(' ', 'T')}Z`);
}

/** A Date as SQLite datetime text in UTC. */
export function toDb(instant: Date): string {
  return instant.toISOString().replace('T', ' ').replace('Z', '');
}
