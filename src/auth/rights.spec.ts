import type { Principal, ProfileRights } from './principal.js';
import { settableFields, SIMPLIFIED_INTERFACE_FIELDS, simplifiedInterfaceLimits } from './rights.js';

const SELF_SERVICE: ProfileRights = { project: [], ticket: ['read', 'create'], user: [], ticket_scope: 'own' };
const TECHNICIAN: ProfileRights = { project: ['read'], ticket: ['read', 'create', 'update'], user: ['read'], ticket_scope: 'all' };

/** What settableFields reads of a ticket tool's policy. */
function tool(
  _name: string,
  kind: 'read' | 'write',
  names = ['id', 'name', 'content', 'urgency'],
): { domain: 'ticket'; writesRecords: boolean; fields: { name: string }[] } {
  return { domain: 'ticket', writesRecords: kind === 'write', fields: names.map((name) => ({ name })) };
}

function caller(settable: Principal['rights']['settable']): Principal {
  return {
    userId: 4,
    login: 'post-only',
    displayName: 'Post Only',
    tokenId: 1,
    scopes: ['mcp'],
    timezone: null,
    language: null,
    assignments: [],
    defaultEntityId: 1,
    scope: { entityIds: [1], ancestorIds: [] },
    rights: { project: [], ticket: ['read', 'create'], user: [], ticket_scope: 'own', admin: false, settable },
  };
}

describe('fields a profile may set', () => {
  it('limits a user whose only ticket rights come from a simplified-interface profile', () => {
    expect(simplifiedInterfaceLimits([{ rights: SELF_SERVICE, helpdesk: true }])).toEqual({ ticket: SIMPLIFIED_INTERFACE_FIELDS.ticket });
    expect(SIMPLIFIED_INTERFACE_FIELDS.ticket).toEqual(['name', 'content', 'type', 'urgency', 'itilcategories_id', 'locations_id']);
  });

  it('lifts the limit when a central profile gives rights in the domain too', () => {
    expect(
      simplifiedInterfaceLimits([
        { rights: SELF_SERVICE, helpdesk: true },
        { rights: TECHNICIAN, helpdesk: false },
      ]),
    ).toEqual({});
    expect(simplifiedInterfaceLimits([{ rights: TECHNICIAN, helpdesk: false }])).toEqual({});
    expect(simplifiedInterfaceLimits([])).toEqual({});
  });

  it('applies to the write tools of the limited domain only', () => {
    const limited = caller({ ticket: ['name', 'content'] });
    expect([...settableFields(limited, tool('ticket_create', 'write'))!]).toEqual(['name', 'content']);
    expect(settableFields(limited, tool('ticket_search', 'read'))).toBeUndefined();
    expect(settableFields(caller({}), tool('ticket_create', 'write'))).toBeUndefined();
    expect(settableFields(undefined, tool('ticket_create', 'write'))).toBeUndefined();
  });

  it('names, of the limit, only the fields of the tool called', () => {
    const limited = caller({ ticket: ['name', 'content', 'urgency'] });
    expect([...settableFields(limited, tool('ticket_add_entry', 'write', ['id', 'kind', 'content', 'duration']))!]).toEqual(['content']);
    expect([...settableFields(limited, tool('ticket_link', 'write', ['id', 'other_id', 'relation']))!]).toEqual([]);
  });
});
