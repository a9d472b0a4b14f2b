/** What a problem echoes back as `received`: long strings and any object or array cut to 80 characters. */
export function truncate(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 80)}…` : value;
  if (typeof value === 'object' && value !== null) {
    const text = textOf(value);
    return text.length > 80 ? `${text.slice(0, 80)}…` : text;
  }
  return value;
}

/** Any value as text for a message, without ever throwing (objects may carry a hostile toString). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return String(value);
  try {
    return JSON.stringify(value) ?? 'object';
  } catch {
    return Array.isArray(value) ? 'array' : 'object';
  }
}

