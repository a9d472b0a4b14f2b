import { candidateText, tellApart } from './candidates.js';

describe('tellApart', () => {
  it('keeps the details that differ between records, and drops those every record shares', () => {
    const projects = [
      { id: 5, name: 'Inventário de ativos', code: 'INV-S', state: 'Processing', entity: 'Root entity > Sede' },
      { id: 9, name: 'Inventário de ativos', code: 'INV-P', state: 'Processing', entity: 'Root entity > Filial Porto' },
      { id: 2, name: 'Migração ERP', state: 'Processing', entity: 'Root entity > Sede' },
    ];
    expect(tellApart(projects)).toEqual([
      { id: 5, name: 'Inventário de ativos', code: 'INV-S', entity: 'Root entity > Sede' },
      { id: 9, name: 'Inventário de ativos', code: 'INV-P', entity: 'Root entity > Filial Porto' },
      { id: 2, name: 'Migração ERP', entity: 'Root entity > Sede' },
    ]);
  });

  it('lists users by name and login, without the email (the login tells them apart)', () => {
    const users = [
      { id: 7, name: 'Carla Mendes', login: 'carla.m', email: 'carla.m@x.org', entity: 'Root entity > Sede' },
      { id: 8, name: 'Carla Pereira', login: 'carla.p', email: 'carla.p@x.org', entity: 'Root entity > Sede' },
    ];
    expect(tellApart(users)).toEqual([
      { id: 7, name: 'Carla Mendes', login: 'carla.m' },
      { id: 8, name: 'Carla Pereira', login: 'carla.p' },
    ]);
  });

  it('tells tasks of one name apart by their project, compared by id and name', () => {
    const tasks = [
      { id: 12, name: 'Revisar contrato', project: { id: 1, name: 'Migração ERP' }, entity: 'Root entity' },
      { id: 13, name: 'Revisar contrato', project: { id: 3, name: 'Portal do cliente' }, entity: 'Root entity' },
    ];
    expect(tellApart(tasks)).toEqual([
      { id: 12, name: 'Revisar contrato', project: { id: 1, name: 'Migração ERP' } },
      { id: 13, name: 'Revisar contrato', project: { id: 3, name: 'Portal do cliente' } },
    ]);
  });

  it('answers a single record, or records with nothing else, with id and name only', () => {
    expect(tellApart([{ id: 1, name: 'Sede', entity: 'Root entity' }])).toEqual([{ id: 1, name: 'Sede' }]);
    expect(
      tellApart([
        { id: 1, name: 'New' },
        { id: 2, name: 'Closed' },
      ]),
    ).toEqual([
      { id: 1, name: 'New' },
      { id: 2, name: 'Closed' },
    ]);
    expect(tellApart([])).toEqual([]);
  });
});

describe('candidateText', () => {
  it('shows the details that are not the name itself, entity last', () => {
    expect(candidateText({ id: 7, name: 'Carla Mendes', login: 'carla.m', email: 'carla.m@x.org', entity: 'Root entity > Sede' })).toBe(
      '7 Carla Mendes (carla.m, carla.m@x.org, Root entity > Sede)',
    );
    expect(candidateText({ id: 3, name: 'glpi', login: 'glpi' })).toBe('3 glpi');
    expect(candidateText({ id: 12, name: 'Revisar contrato', project: { id: 1, name: 'Migração ERP' }, entity: 'Root entity > Sede' })).toBe(
      '12 Revisar contrato (project 1 Migração ERP, Root entity > Sede)',
    );
  });
});
