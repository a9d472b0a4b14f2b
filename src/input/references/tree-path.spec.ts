import { pathAsDeepAs, reachesOwnName } from './tree-path.js';

describe('tree paths in suggestions', () => {
  it('takes a part of a name only when it reaches into the record’s own name', () => {
    expect(reachesOwnName('Sed', 'Root entity > Sede')).toBe(true);
    expect(reachesOwnName('root entity > se', 'Root entity > Sede')).toBe(true);
    expect(reachesOwnName('Root entity', 'Root entity > Sede')).toBe(false);
    expect(reachesOwnName('Root', 'Root entity > Sede')).toBe(false);
    expect(reachesOwnName('Sede', 'Sede > Andar 2')).toBe(false);
    expect(reachesOwnName('Carla', 'Carla Mendes')).toBe(true);
  });

  it('compares a name with as many parts of a path as it has', () => {
    expect(pathAsDeepAs('Sdee', 'Root entity > Sede')).toBe('sede');
    expect(pathAsDeepAs('Root entity > Sdee', 'Root entity > Sede')).toBe('root entity > sede');
    expect(pathAsDeepAs('Root entty', 'Root entity > Sede')).toBe('sede');
    expect(pathAsDeepAs('a > b > c', 'Sede')).toBe('sede');
  });
});
