/** What a log line says of something thrown: an error's stack (its message when it has none), else the value as text. */
export function errorDetail(thrown: unknown): string {
  return thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
}
