import { closestTools } from './closest-tools.js';

const NAMES = [
  'ticket_search',
  'ticket_get',
  'ticket_create',
  'ticket_update',
  'ticket_delete',
  'ticket_add_entry',
  'ticket_link',
  'project_search',
  'project_get',
  'user_deactivate',
];

describe('the tools closest to an unknown name', () => {
  it('puts first the tool whose verb the name says in other words', () => {
    expect(closestTools('ticket_list', NAMES)[0]).toBe('ticket_search');
    expect(closestTools('ticket_comment', NAMES)[0]).toBe('ticket_add_entry');
    expect(closestTools('project_show', NAMES)[0]).toBe('project_get');
    expect(closestTools('Ticket_Listar', NAMES)[0]).toBe('ticket_search');
  });

  it('falls back to spelling, and names no tool the catalogue lacks', () => {
    expect(closestTools('ticket_serch', NAMES)[0]).toBe('ticket_search');
    expect(closestTools('project_comment', NAMES)).not.toContain('project_add_entry');
    expect(closestTools('ticket_serch', NAMES, 2)).toHaveLength(2);
  });

  it('names the tool of the verb alone: spellings after it only add noise', () => {
    expect(closestTools('ticket_list', NAMES)).toEqual(['ticket_search']);
  });

  it('never suggests a delete or a deactivation for a name spelt alike that asks for neither', () => {
    for (const name of ['ticket_close', 'ticket_archive', 'ticket_reopen', 'user_active', 'user_activate']) {
      expect([name, closestTools(name, NAMES).filter((tool) => /_(delete|deactivate)$/.test(tool))]).toEqual([name, []]);
    }
    expect(closestTools('ticket_remove', NAMES)).toEqual(['ticket_delete']);
    expect(closestTools('ticket_delet', NAMES)[0]).toBe('ticket_delete');
    expect(closestTools('user_deactivat', NAMES)[0]).toBe('user_deactivate');
  });
});
