import { resolvedReference } from '../envelope/envelope.js';
import type { FieldSpec } from '../input/field-spec.js';
import type { Approval } from './approval.js';
import type { SignInOffer } from './approval-sign-in.js';
import { fieldLabel, type PageTexts } from './approval-texts.js';

/** Escapes text for HTML element content and quoted attribute values. */
export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** One row of the change as a person reads it: a label, the value now (updates), the value written. */
export interface ChangeRow {
  label: string;
  before: string | null;
  value: string;
}

/**
 * The stored preview as rows: names rather than ids (the resolution the write made), enum labels in
 * the page's language, `—` for a cleared field. Values come from the stored preview only.
 */
export function changeRows(approval: Approval, fields: readonly FieldSpec[], texts: PageTexts): ChangeRow[] {
  const { applied, resolved, before, after } = approval.preview;
  const language = texts.lang === 'pt-BR' ? 'pt' : 'en';
  const shown = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    const vocab = fields.find((f) => f.name === field)?.vocab;
    // A presented record: references and codes as {id, name}; codes are labelled in the page's language.
    if (typeof value === 'object' && 'id' in value) {
      const { id, name } = value as { id: number | string; name: string | null };
      if (vocab && typeof id === 'number') return vocab.label(id, language) ?? String(id);
      return name === null ? String(id) : `${name} (${id})`;
    }
    // A code in the page's language (resolved also echoes a label sent for one, in English).
    if (vocab && typeof value === 'number') return vocab.label(value, language) ?? String(value);
    const reference = resolvedReference(resolved, field);
    if (reference && reference.id === value) return `${reference.name} (${reference.id})`;
    const presented = after?.[field];
    if (presented && typeof presented === 'object' && (presented as { id?: unknown }).id === value) return shown(field, presented);
    if (typeof value === 'boolean') return texts.lang === 'pt-BR' ? (value ? 'sim' : 'não') : value ? 'yes' : 'no';
    return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
  };
  // A delete: the record it removes, as it is now (the change itself is one flag).
  if (before && applied.is_deleted === true) {
    return Object.entries(before)
      .filter(([field, value]) => !HIDDEN_ON_DELETE.has(field) && value !== null && value !== '')
      .map(([field, value]) => ({ label: fieldLabel(field, texts.lang), before: shown(field, value), value: '—' }));
  }
  return Object.entries(applied).map(([field, value]) => ({
    label: fieldLabel(field, texts.lang),
    before: before ? (field in before ? shown(field, before[field]) : '') : null,
    value: shown(field, value),
  }));
}

/** Bookkeeping fields a person does not need to recognize the record a delete removes. */
const HIDDEN_ON_DELETE = new Set(['id', 'date_creation', 'date_mod', 'content']);

const STYLE = `
:root{color-scheme:light}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f5f7;color:#111}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
.card{background:#fff;border:1px solid #c9ced6;border-radius:8px;padding:1rem;margin-bottom:1rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #dde1e6;vertical-align:top;overflow-wrap:anywhere}
th{background:#eef0f3}
.actions{display:flex;gap:1rem;flex-wrap:wrap}
button{font:inherit;font-weight:600;padding:.75rem 1.5rem;border-radius:6px;border:2px solid transparent;cursor:pointer;min-width:8rem}
button:focus-visible{outline:3px solid #1a4fd6;outline-offset:2px}
.approve,.continue{background:#0b6b2e;color:#fff}.reject{background:#fff;color:#8a1111;border-color:#8a1111}
.link{background:#1a4fd6;color:#fff}
a.button{font-weight:600;padding:.75rem 1.5rem;border-radius:6px;border:2px solid #1a4fd6;color:#1a4fd6;background:#fff;text-decoration:none}
a.button:focus-visible{outline:3px solid #1a4fd6;outline-offset:2px}
.note{padding:.75rem;border-radius:6px;background:#fff4d6;border:1px solid #b88a00}
.done{background:#e3f4e8;border-color:#0b6b2e}
.muted{color:#444;font-size:.9rem}
`;

export function layout(texts: PageTexts, body: string, signedInAs: string | null): string {
  return `<!doctype html>
<html lang="${texts.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(texts.title)} · intentdesk</title><style>${STYLE}</style></head>
<body><main><h1>${esc(texts.title)}</h1>${signedInAs ? `<p class="muted">${esc(texts.signedInAs)} ${esc(signedInAs)}</p>` : ''}${body}</main></body></html>`;
}

export interface DecideView {
  approval: Approval;
  userLabel: string;
  rows: ChangeRow[];
  csrf: string;
  expiresAt: string;
}

/** The page a person decides on: who asks, for what, the exact change, and the two buttons. */
export function decidePage(texts: PageTexts, view: DecideView): string {
  const { approval } = view;
  const action = `/approve/${encodeURIComponent(approval.id)}`;
  const hasBefore = view.rows.some((r) => r.before !== null);
  const table = view.rows.length
    ? `<table><caption class="muted" style="text-align:left">${esc(approval.preview.message)}</caption>
<thead><tr><th scope="col">${esc(texts.field)}</th>${hasBefore ? `<th scope="col">${esc(texts.before)}</th>` : ''}<th scope="col">${esc(texts.value)}</th></tr></thead>
<tbody>${view.rows.map((r) => `<tr><th scope="row">${esc(r.label)}</th>${hasBefore ? `<td>${esc(r.before ?? '—')}</td>` : ''}<td>${esc(r.value)}</td></tr>`).join('')}</tbody></table>`
    : `<p>${esc(approval.preview.message)}</p><p class="muted">${esc(texts.nothingShown)}</p>`;
  const toolName = texts.toolNames[approval.tool] ?? approval.tool;
  return `<p>${esc(texts.intro)}</p>
<section class="card" aria-labelledby="who"><h2 id="who" style="font-size:1.1rem;margin-top:0">${esc(toolName)} <code>${esc(approval.tool)}</code></h2>
<dl><dt>${esc(texts.who)}</dt><dd>${esc(view.userLabel)}</dd>
<dt>${esc(texts.client)}</dt><dd>${esc(approval.client_name ?? '—')}</dd>
<dt>${esc(texts.session)}</dt><dd><code>${esc(approval.session_id)}</code></dd>
${approval.preview.id !== null ? `<dt>${esc(texts.record)}</dt><dd>${esc(approval.preview.id)}</dd>` : ''}
<dt>${esc(texts.expires)}</dt><dd>${esc(view.expiresAt)}</dd></dl></section>
<section class="card" aria-labelledby="change"><h2 id="change" style="font-size:1.1rem;margin-top:0">${esc(texts.change)}</h2>${table}</section>
<form method="post" action="${esc(action)}" class="actions">
<input type="hidden" name="csrf" value="${esc(view.csrf)}">
<button type="submit" name="decision" value="approve" class="approve">${esc(texts.approve)}</button>
<button type="submit" name="decision" value="reject" class="reject">${esc(texts.reject)}</button>
</form>`;
}

/** Sign in with a one-time link (a form) or, where the server has its own sign-in page, with a password. */
export function signInPage(texts: PageTexts, offer: SignInOffer, sent: boolean): string {
  const password = offer.password ? `<a href="${esc(offer.password)}" class="button">${esc(texts.signInWithPassword)}</a>` : '';
  return `${sent ? `<p class="note" role="status">${esc(texts.linkSent)}</p>` : ''}<p>${esc(texts.signInNeeded)}</p>
<div class="actions"><form method="post" action="${esc(offer.action)}"><button type="submit" class="link">${esc(texts.sendLink)}</button></form>${password}</div>`;
}

/** A sign-in link's page: the button that spends it (a POST to the link itself). */
export function continuePage(texts: PageTexts, action: string): string {
  return `<p>${esc(texts.continueNote)}</p>
<div class="actions"><form method="post" action="${esc(action)}"><button type="submit" class="continue">${esc(texts.continueSignIn)}</button></form></div>`;
}

export function messagePage(texts: PageTexts, message: string, done = false): string {
  return `<p class="note${done ? ' done' : ''}" role="status">${esc(message)}</p>`;
}
