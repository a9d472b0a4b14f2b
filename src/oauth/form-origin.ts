import type { IncomingMessage } from 'node:http';

/**
 * Whether a form POST came from this server's own pages (`ownOrigin`, as `https://desk.example`).
 * A browser says where a form came from, by Sec-Fetch-Site, else by Origin; a request that says
 * neither is not a browser's, so it carries no victim's cookie to ride on. What it guards: a page
 * of another site posting one of ours, to sign a visitor in as the attacker.
 */
export function postedFromOwnPage(req: IncomingMessage, ownOrigin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = req.headers.origin;
  return origin === undefined || origin === ownOrigin;
}
