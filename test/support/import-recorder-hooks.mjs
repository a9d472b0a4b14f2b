// Module resolution hooks (they run on the loader thread): one line per resolved URL.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (process.env.IMPORT_LOG) appendFileSync(process.env.IMPORT_LOG, `${resolved.url}\n`);
  return resolved;
}
