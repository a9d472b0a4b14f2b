import { DATABASES } from '../support/databases.js';
import { type Desk, openDeskOn } from './support/desk.js';

const MYSQL = DATABASES.filter((kind) => kind === 'mysql');

/** What every pooled MariaDB/MySQL connection of the product is told before its first call. */
describe.each(MYSQL)('the session settings of a %s connection', (kind) => {
  let desk: Desk;

  beforeAll(async () => {
    desk = await openDeskOn(kind);
  }, 60_000);
  afterAll(() => desk?.close());

  it('plans without index-merge intersections, on every connection of the pool', async () => {
    // Several at once, so that more than one pooled connection answers.
    const answers = (await Promise.all(Array.from({ length: 4 }, () => desk.db.query('SELECT @@SESSION.optimizer_switch AS s, SLEEP(0.05) AS z')))) as Array<
      Array<{ s: string }>
    >;
    for (const [row] of answers) expect(row.s.split(',')).toContain('index_merge_intersection=off');
  });
});
