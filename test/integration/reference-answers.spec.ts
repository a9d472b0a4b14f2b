import { ReferenceResolver } from '../../src/input/references/reference-resolver.js';
import type { CreateTicketDto } from '../../src/tickets/dto/create-ticket.dto.js';
import { TicketsService } from '../../src/tickets/tickets.service.js';
import { DATABASES } from '../support/databases.js';
import { type Desk, openDeskOn } from './support/desk.js';

/**
 * Answers built from names resolved by the reference resolver, byte for byte (key order included):
 * resolutions found by key, by id, by part of a name, ambiguous and not found, and a ticket_create
 * dry run that names its category, requester and assignee, and its type, urgency and impact by label.
 */
describe.each(DATABASES)('answers of resolved references on %s', (kind) => {
  let desk: Desk;

  beforeAll(async () => {
    desk = await openDeskOn(kind);
  });
  afterAll(() => desk?.close());

  const resolved = async (kindName: string, input: unknown): Promise<string> =>
    JSON.stringify(await desk.get(ReferenceResolver).resolve(kindName, 'field', input, await desk.nameScope('glpi')));

  it('answers a name found by key, an id, and a part of a name byte for byte', async () => {
    expect(await resolved('user', 'Maria Silva')).toBe('{"ok":true,"id":5,"name":"maria.silva"}');
    expect(await resolved('user', 'maria.silva@example.com')).toBe('{"ok":true,"id":5,"name":"maria.silva"}');
    expect(await resolved('user', 2)).toBe('{"ok":true,"id":2,"name":"tech"}');
    expect(await resolved('user', 'Silv')).toBe(
      '{"ok":false,"issue":{"field":"field","code":"REFERENCE_NOT_FOUND","received":"Silv","message":"name \'Silv\' not found in users. Did you mean \'maria.silva\'? Available: glpi, joao.souza, maria.silva, normal, post-only, tech.","available":["glpi","joao.souza","maria.silva","normal","post-only","tech"],"did_you_mean":"maria.silva","available_records":[{"id":1,"name":"GLPI Administrator","login":"glpi","entity":"Root entity"},{"id":6,"name":"João Souza","login":"joao.souza","entity":"Root entity > Filial Porto"},{"id":5,"name":"Maria Silva","login":"maria.silva","entity":"Root entity > Sede"},{"id":3,"name":"Normal User","login":"normal","entity":"Root entity > Sede"},{"id":4,"name":"Post Only","login":"post-only","entity":"Root entity"},{"id":2,"name":"Tech Support","login":"tech","entity":"Root entity"}]}}',
    );
  });

  it('answers a name two records share, and names two users share a part of, with their candidates byte for byte', async () => {
    await desk.db.query(
      "INSERT INTO glpi_projects (name, name_key, code, priority, percent_done, entities_id, is_deleted) VALUES ('Portal do cliente', 'portal do cliente', 'PC-2', 3, 0, 1, 0)",
    );
    await desk.db.query("UPDATE glpi_users SET realname = 'Silvano', fullname_key = 'normal silvano' WHERE name = 'normal'");
    try {
      expect(await resolved('project', 'Portal do cliente')).toBe(
        '{"ok":false,"issue":{"field":"field","code":"REFERENCE_AMBIGUOUS","received":"Portal do cliente","message":"name \'Portal do cliente\' matches 2 projects: 3 Portal do cliente (Closed, Root entity); 4 Portal do cliente (PC-2, Root entity). Send the id of the one you mean.","candidates":[{"id":3,"name":"Portal do cliente","state":"Closed","entity":"Root entity"},{"id":4,"name":"Portal do cliente","code":"PC-2","entity":"Root entity"}]}}',
      );
      expect(await resolved('user', 'Silv')).toBe(
        '{"ok":false,"issue":{"field":"field","code":"REFERENCE_AMBIGUOUS","received":"Silv","message":"\'Silv\' is part of the names of 2 users: 3 Normal Silvano (normal, normal@example.com, Root entity > Sede); 5 Maria Silva (maria.silva, maria.silva@example.com, Root entity > Sede). Send the id of the one you mean.","candidates":[{"id":3,"name":"Normal Silvano","login":"normal","email":"normal@example.com","entity":"Root entity > Sede"},{"id":5,"name":"Maria Silva","login":"maria.silva","email":"maria.silva@example.com","entity":"Root entity > Sede"}]}}',
      );
    } finally {
      await desk.db.query("DELETE FROM glpi_projects WHERE code = 'PC-2'");
      await desk.db.query("UPDATE glpi_users SET realname = 'User', fullname_key = 'normal user' WHERE name = 'normal'");
    }
  });

  it('answers a ticket_create dry run naming its category, requester and assignee byte for byte', async () => {
    const call = await desk.call('ticket_create', 'glpi', { transport: 'rest' });
    const args = {
      name: 'Impressora #2',
      content: 'Não imprime.',
      type: 'Incidente',
      urgency: 'Média',
      impact: 'Alta',
      itilcategories_id: 'Hardware',
      requester_id: 'Maria Silva',
      assignee_id: 'tech@example.com',
      date: '2026-06-01 10:00',
      dry_run: true,
    };
    const answer = await desk.get(TicketsService).create(await desk.input<CreateTicketDto>(call, args), call);
    expect(JSON.stringify(answer)).toBe(
      '{"message":"Dry run: nothing was written. \\"applied\\" is what would be created.","applied":{"name":"Impressora #2","content":"Não imprime.","type":1,"status":2,"urgency":3,"impact":4,"priority":4,"itilcategories_id":1,"entities_id":1,"date":"2026-06-01T10:00:00-03:00","requester_id":5,"assignee_id":2},"resolved":{"type":{"input":"Incidente","id":1,"name":"Incident"},"urgency":{"input":"Média","id":3,"name":"Medium"},"impact":{"input":"Alta","id":4,"name":"High"},"itilcategories_id":{"input":"Hardware","id":1,"name":"Hardware"},"requester_id":{"input":"Maria Silva","id":5,"name":"maria.silva"},"assignee_id":{"input":"tech@example.com","id":2,"name":"tech"}},"id":null,"dry_run":true}',
    );
  });
});
