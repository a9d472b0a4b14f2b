import { rootRequire } from '../lib/paths.js';

/**
 * Bulk data for the scaling bench, generated inside the database with INSERT ... SELECT over a
 * number source (MariaDB's SEQUENCE engine, or a recursive CTE), in chunks of one transaction each.
 * Everything is deterministic in the row number n, so any size can be grown to a larger one.
 *
 * Shape, for N tickets:
 * - N/10 users ("bench.u0000042", "Firstname Lastname 42"), each with a profile assignment;
 *   the first N/500 of them are technicians that get the assignments.
 * - 50 ITIL categories (the demo's Hardware, Software, Rede + 47): Hardware ~18% of tickets.
 * - statuses like a live desk: ~70% Closed, ~9% Solved, ~4% each New x2, Processing (assigned),
 *   Processing (planned), Pending.
 * - titles follow the category; "impressora" is in ~5% of titles.
 * - every ticket has a requester row in glpi_tickets_users; every ticket not New an assignee row.
 * - ~1% soft-deleted.
 */

export const USER_ID_BASE = 1000;
export const TICKET_ID_BASE = 1000;
export const EXTRA_CATEGORIES = 47;
const CHUNK = 50_000;

const FIRST = ['Ana', 'Bruno', 'Carla', 'Daniel', 'Eduarda', 'Felipe', 'Gabriela', 'Heitor', 'Isabela', 'Joao', 'Karina', 'Lucas', 'Mariana', 'Nicolas', 'Olivia', 'Paulo', 'Quiteria', 'Rafael', 'Sofia', 'Tiago', 'Ursula', 'Vitor', 'Wagner', 'Ximena', 'Yara', 'Zeca', 'Alice', 'Bernardo', 'Cecilia', 'Davi'];
const LAST = ['Silva', 'Souza', 'Costa', 'Santos', 'Oliveira', 'Pereira', 'Rodrigues', 'Almeida', 'Nascimento', 'Lima', 'Araujo', 'Fernandes', 'Carvalho', 'Gomes', 'Martins', 'Rocha', 'Ribeiro', 'Alves', 'Monteiro', 'Mendes', 'Barros', 'Freitas', 'Barbosa', 'Pinto', 'Moura', 'Cavalcanti', 'Dias', 'Castro', 'Campos', 'Cardoso'];
const HW = ['Impressora não imprime', 'Impressora com papel atolado', 'Notebook não liga', 'Teclado com teclas travadas', 'Troca de monitor', 'Mouse sem fio falhando', 'Monitor piscando'];
const SW = ['Erro ao abrir o ERP', 'Instalação do pacote Office', 'Senha expirada no portal', 'E-mail não sincroniza no celular', 'Atualização do antivírus'];
const NET = ['VPN desconecta a cada 10 minutos', 'Wi-Fi lento na sala de reuniões', 'Sem acesso à internet', 'Porta de rede sem sinal'];
const GENERAL = ['Solicitação de acesso à pasta compartilhada', 'Dúvida sobre o sistema de ponto', 'Novo colaborador: preparar estação', 'Troca de ramal', 'Relatório mensal não carrega', 'Cadeira quebrada na recepção'];
const CONTENT = [
  'O usuário relata que o problema começou após a última atualização.',
  'Acontece todos os dias pela manhã; reiniciar não resolve.',
  'Precisa de atendimento até o fim da semana, há entrega importante.',
  'Started after the network change on Monday, several people affected.',
  'A equipe já foi avisada; aguardando retorno do fornecedor.',
];

export function usersFor(tickets: number): number {
  return Math.max(100, Math.round(tickets / 10));
}

export function techsFor(tickets: number): number {
  return Math.max(10, Math.round(tickets / 500));
}

/** Login and "Firstname Lastname" of bench user k (1-based). */
export function benchUser(k: number): { login: string; fullName: string; id: number } {
  return { login: `bench.u${String(k).padStart(7, '0')}`, fullName: `${FIRST[k % FIRST.length]} ${LAST[Math.floor(k / FIRST.length) % LAST.length]} ${k}`, id: USER_ID_BASE + k };
}

export interface Sql {
  kind: 'mysql' | 'sqlite';
  exec(sql: string): Promise<void>;
  all<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

export async function openSql(kind: 'mysql' | 'sqlite', target: string): Promise<Sql> {
  if (kind === 'sqlite') {
    const Database = rootRequire('better-sqlite3') as new (file: string) => {
      exec(sql: string): void;
      pragma(sql: string): unknown;
      prepare(sql: string): { all(): unknown[] };
      close(): void;
    };
    const db = new Database(target);
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 30000');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -200000');
    return {
      kind,
      exec: async (sql) => db.exec(sql),
      all: async <T>(sql: string) => db.prepare(sql).all() as T[],
      close: async () => db.close(),
    };
  }
  const mysql = rootRequire('mysql2/promise') as typeof import('mysql2/promise');
  const conn = await mysql.createConnection({ uri: target, multipleStatements: false, charset: 'utf8mb4_unicode_ci', timezone: 'Z' });
  await conn.query('SET SESSION unique_checks = 0');
  await conn.query('SET SESSION foreign_key_checks = 0');
  return {
    kind,
    exec: async (sql) => {
      await conn.query(sql);
    },
    all: async <T>(sql: string) => (await conn.query(sql))[0] as T[],
    close: async () => conn.end(),
  };
}

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

function dialect(kind: Sql['kind']) {
  const mysql = kind === 'mysql';
  return {
    concat: (...parts: string[]) => (mysql ? `CONCAT(${parts.join(', ')})` : parts.map((p) => `(${p})`).join(' || ')),
    idiv: (a: string, b: number) => (mysql ? `((${a}) DIV ${b})` : `((${a}) / ${b})`),
    text: (n: string) => (mysql ? `CAST(${n} AS CHAR)` : `CAST(${n} AS TEXT)`),
    pad7: (n: string) => (mysql ? `LPAD(${n}, 7, '0')` : `substr('0000000' || ${n}, -7, 7)`),
    /** base + minutes, as the product stores datetimes. */
    minutesAfter: (base: string, minutes: string) =>
      mysql ? `DATE_ADD(${q(base)}, INTERVAL (${minutes}) MINUTE)` : `strftime('%Y-%m-%d %H:%M:%f', ${q(base)}, '+' || (${minutes}) || ' minutes')`,
    /** INSERT ... SELECT <exprs of n> FROM the numbers a..b. */
    insertSelect: (table: string, columns: string[], exprs: string[], a: number, b: number, where = '') => {
      const select = `SELECT ${exprs.join(', ')} FROM numbers_src ${where ? `WHERE ${where}` : ''}`;
      if (mysql) return `INSERT INTO ${table} (${columns.join(', ')}) ${select.replace('numbers_src', `(SELECT seq AS n FROM seq_${a}_to_${b}) AS src`)}`;
      return `WITH RECURSIVE src(n) AS (SELECT ${a} UNION ALL SELECT n + 1 FROM src WHERE n < ${b}) INSERT INTO ${table} (${columns.join(', ')}) ${select.replace('numbers_src', 'src')}`;
    },
    begin: mysql ? 'START TRANSACTION' : 'BEGIN',
  };
}

function caseOf(index: string, values: string[]): string {
  return `CASE ${index} ${values.map((v, i) => `WHEN ${i} THEN ${q(v)}`).join(' ')} END`;
}

/** Current sizes (bench rows only). */
export async function currentSize(sql: Sql): Promise<{ tickets: number; users: number }> {
  const [t] = await sql.all<{ n: number | string | null }>(`SELECT MAX(id) AS n FROM glpi_tickets WHERE id > ${TICKET_ID_BASE}`);
  const [u] = await sql.all<{ n: number | string | null }>(`SELECT MAX(id) AS n FROM glpi_users WHERE id > ${USER_ID_BASE}`);
  return { tickets: t?.n ? Number(t.n) - TICKET_ID_BASE : 0, users: u?.n ? Number(u.n) - USER_ID_BASE : 0 };
}

/** The 47 extra categories, once. Returns the id of the first one. */
export async function ensureCategories(sql: Sql): Promise<number> {
  const [row] = await sql.all<{ id: number | string }>(`SELECT MIN(id) AS id FROM glpi_itilcategories WHERE name LIKE 'Categoria %'`);
  if (row?.id) return Number(row.id);
  const values: string[] = [];
  for (let i = 1; i <= EXTRA_CATEGORIES; i++) {
    const name = `Categoria ${String(i).padStart(2, '0')}`;
    values.push(`(${q(name)}, ${q(name.toLowerCase())}, ${q(name)}, ${q(name.toLowerCase())}, NULL, 1, 1, 1)`);
  }
  await sql.exec(
    `INSERT INTO glpi_itilcategories (name, name_key, completename, completename_key, itilcategories_id, entities_id, is_recursive, level) VALUES ${values.join(', ')}`,
  );
  const [first] = await sql.all<{ id: number | string }>(`SELECT MIN(id) AS id FROM glpi_itilcategories WHERE name LIKE 'Categoria %'`);
  return Number(first.id);
}

async function chunked(sql: Sql, from: number, to: number, statements: (a: number, b: number) => string[]): Promise<void> {
  const d = dialect(sql.kind);
  for (let a = from + 1; a <= to; a += CHUNK) {
    const b = Math.min(to, a + CHUNK - 1);
    await sql.exec(d.begin);
    for (const s of statements(a, b)) await sql.exec(s);
    await sql.exec('COMMIT');
  }
}

/** Adds bench users k = from+1 .. to, each with a Technician assignment in one of the three entities. */
export async function growUsers(sql: Sql, from: number, to: number): Promise<void> {
  if (to <= from) return;
  const d = dialect(sql.kind);
  const first = caseOf(`(n % ${FIRST.length})`, FIRST);
  const last = caseOf(`(${d.idiv('n', FIRST.length)} % ${LAST.length})`, LAST);
  const login = d.concat(q('bench.u'), d.pad7('n'));
  const full = d.concat(first, q(' '), last, q(' '), d.text('n'));
  const lowerFull = `LOWER(${full})`;
  const email = d.concat(login, q('@bench.example'));
  await chunked(sql, from, to, (a, b) => [
    d.insertSelect(
      'glpi_users',
      ['id', 'name', 'name_key', 'firstname', 'realname', 'fullname_key', 'email', 'email_key', 'language', 'is_active', 'entities_id', 'profiles_id', 'is_deleted', 'date_creation', 'date_mod'],
      [
        `${USER_ID_BASE} + n`,
        login,
        login,
        first,
        d.concat(last, q(' '), d.text('n')),
        lowerFull,
        email,
        email,
        q('pt_BR'),
        '1',
        '1',
        '3',
        '0',
        d.minutesAfter('2021-01-01 00:00:00', 'n'),
        d.minutesAfter('2021-01-01 00:00:00', 'n'),
      ],
      a,
      b,
    ),
    d.insertSelect('glpi_profiles_users', ['users_id', 'profiles_id', 'entities_id', 'is_recursive'], [`${USER_ID_BASE} + n`, '3', `1 + (n % 3)`, '1'], a, b),
  ]);
}

/**
 * Adds tickets n = from+1 .. to, with requester rows (users spread over `users`) and assignee rows
 * (over the first `techs` users) in glpi_tickets_users.
 */
export async function growTickets(sql: Sql, from: number, to: number, users: number, techs: number, firstExtraCategory: number): Promise<void> {
  if (to <= from) return;
  const d = dialect(sql.kind);
  const slot = '(n % 11)';
  const category = `CASE WHEN ${slot} < 2 THEN 1 WHEN ${slot} < 4 THEN 2 WHEN ${slot} = 4 THEN 3 ELSE ${firstExtraCategory} + (${d.idiv('n', 11)} % ${EXTRA_CATEGORIES}) END`;
  const title = `CASE WHEN ${slot} < 2 THEN ${caseOf(`(n % ${HW.length})`, HW)} WHEN ${slot} < 4 THEN ${caseOf(`(n % ${SW.length})`, SW)} WHEN ${slot} = 4 THEN ${caseOf(`(n % ${NET.length})`, NET)} ELSE ${caseOf(`(n % ${GENERAL.length})`, GENERAL)} END`;
  const s = '(n % 23)';
  const status = `CASE WHEN ${s} < 16 THEN 6 WHEN ${s} < 18 THEN 5 WHEN ${s} = 18 THEN 1 WHEN ${s} = 19 THEN 2 WHEN ${s} = 20 THEN 3 WHEN ${s} = 21 THEN 4 ELSE 1 END`;
  const requester = `${USER_ID_BASE} + 1 + ((n * 7919) % ${users})`;
  const assignee = `${USER_ID_BASE} + 1 + ((n * 31) % ${techs})`;
  const date = d.minutesAfter('2022-01-01 00:00:00', 'n * 2');
  await chunked(sql, from, to, (a, b) => [
    d.insertSelect(
      'glpi_tickets',
      ['id', 'name', 'content', 'type', 'status', 'urgency', 'impact', 'priority', 'itilcategories_id', 'locations_id', 'entities_id', 'date', 'time_to_resolve', 'users_id_recipient', 'users_id_lastupdater', 'is_deleted', 'date_creation', 'date_mod'],
      [
        `${TICKET_ID_BASE} + n`,
        d.concat(title, q(' #'), d.text('n')),
        caseOf('(n % 5)', CONTENT),
        '1 + (n % 2)',
        status,
        '1 + (n % 5)',
        '2 + (n % 3)',
        '1 + ((n * 3) % 5)',
        category,
        'CASE n % 3 WHEN 0 THEN 1 WHEN 1 THEN 2 ELSE NULL END',
        '1 + (n % 3)',
        date,
        `CASE WHEN n % 4 = 0 THEN NULL ELSE ${d.minutesAfter('2022-01-03 00:00:00', 'n * 2')} END`,
        requester,
        requester,
        'CASE WHEN n % 97 = 0 THEN 1 ELSE 0 END',
        date,
        d.minutesAfter('2022-01-01 00:00:00', 'n * 2 + (n % 1440)'),
      ],
      a,
      b,
    ),
    d.insertSelect('glpi_tickets_users', ['tickets_id', 'users_id', 'type'], [`${TICKET_ID_BASE} + n`, requester, '1'], a, b),
    d.insertSelect('glpi_tickets_users', ['tickets_id', 'users_id', 'type'], [`${TICKET_ID_BASE} + n`, assignee, '2'], a, b, `${s} <> 18 AND ${s} <> 22`),
  ]);
}

/** Fresh optimizer statistics (MariaDB keeps them up to date on its own; SQLite only when asked). */
export async function analyze(sql: Sql): Promise<void> {
  if (sql.kind === 'mysql') await sql.all('ANALYZE TABLE glpi_tickets, glpi_tickets_grams, glpi_tickets_users, glpi_users, glpi_profiles_users, glpi_itilcategories');
  else await sql.exec('ANALYZE');
}
