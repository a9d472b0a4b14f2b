import { TICKET_STATUS } from '../input/vocab/glpi-vocabularies.js';
import type { Approval } from './approval.js';
import { changeRows, decidePage, esc } from './approval-page.view.js';
import { pageLanguage, textsFor } from './approval-texts.js';

const approval = (preview: Partial<Approval['preview']>): Approval => ({
  id: 'apr_x',
  users_id: 1,
  session_id: 'ses_x',
  tool: 'ticket_update',
  domain: 'ticket',
  payload_hash: 'h',
  payload: '{}',
  preview: { message: 'Ticket 7 updated (2 fields).', id: 7, applied: {}, resolved: {}, before: null, ...preview },
  arguments: {},
  idempotency_key: null,
  client_name: '<script>alert(1)</script>',
  status: 'pending',
  created_at: new Date(0),
  expires_at: new Date(60_000),
  decided_at: null,
  consumed_at: null,
});

describe('the approval page', () => {
  const fields = [{ name: 'status', kind: 'choice', required: false, description: '', vocab: TICKET_STATUS } as never];

  it('reads the language from Accept-Language, by preference', () => {
    expect(pageLanguage('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(pageLanguage('en-US,pt;q=0.9')).toBe('en');
    expect(pageLanguage('fr-FR,pt;q=0.5,en;q=0.4')).toBe('pt-BR');
    expect(pageLanguage('en;q=0.2,pt;q=0.9')).toBe('pt-BR');
    expect(pageLanguage(undefined)).toBe('en');
  });

  it('shows labels, names rather than ids, and before → after in the page language', () => {
    const held = approval({
      applied: { status: 4, assignee_id: 3 },
      // The status was sent as a word: its echo in resolved does not make it a record on the page.
      resolved: { assignee_id: { input: 'tech', id: 3, name: 'tech' }, status: { input: 'pendente', id: 4, name: 'Pending' } },
      before: { status: { id: 2, name: 'Processing (assigned)' }, assignee_id: null },
    });
    expect(changeRows(held, fields, textsFor('pt-BR'))).toEqual([
      { label: 'Status', before: 'Em atendimento (atribuído)', value: 'Pendente' },
      { label: 'Técnico', before: '—', value: 'tech (3)' },
    ]);
    expect(changeRows(held, fields, textsFor('en'))[0]).toEqual({ label: 'Status', before: 'Processing (assigned)', value: 'Pending' });
  });

  it('escapes everything it shows', () => {
    expect(esc(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = decidePage(textsFor('en'), { approval: approval({}), userLabel: 'glpi', rows: [], csrf: 'c', expiresAt: 'soon' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });
});
