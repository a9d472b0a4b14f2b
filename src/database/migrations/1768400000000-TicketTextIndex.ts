import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Text search on tickets (title and description) as an index probe instead of a scan of every row.
 *
 * SQLite: an FTS5 table with the trigram tokenizer over glpi_tickets (external content, no copy of
 * the text), folding case and accents, kept by triggers.
 *
 * MariaDB/MySQL: `glpi_tickets_grams`, every distinct three-character slice of the lower-cased title
 * and description of a ticket. `gram` has the tables' collation (utf8mb4_unicode_ci: case and accents
 * fold), so a query slice finds every ticket whose text LIKE the query under that collation would
 * match. Kept by triggers, so rows written by any client (GLPI itself, imports) are indexed in the
 * same transaction.
 *
 * Both are maintained by the database, not by the application: rows inserted by SQL are found too.
 */
export class TicketTextIndex1768400000000 implements MigrationInterface {
  name = 'TicketTextIndex1768400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.dataSource.options.type === 'mysql') await mysqlUp(queryRunner);
    else await sqliteUp(queryRunner);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.dataSource.options.type === 'mysql') {
      for (const t of ['ai', 'au', 'ad']) await queryRunner.query(`DROP TRIGGER IF EXISTS glpi_tickets_grams_${t}`);
      await queryRunner.query('DROP PROCEDURE IF EXISTS glpi_tickets_grams_fill');
      await queryRunner.query('DROP TABLE IF EXISTS glpi_tickets_grams');
    } else {
      for (const t of ['ai', 'au', 'ad']) await queryRunner.query(`DROP TRIGGER IF EXISTS glpi_tickets_text_${t}`);
      await queryRunner.query('DROP TABLE IF EXISTS glpi_tickets_text');
    }
  }
}

/** Runs one statement (a QueryRunner's `query`, or any connection's). */
export type RunSql = (sql: string) => Promise<unknown>;

/** SQLite: the triggers that keep the FTS5 table in step with glpi_tickets, by name. */
export const SQLITE_TEXT_TRIGGERS: Record<'ai' | 'ad' | 'au', string> = {
  ai: `CREATE TRIGGER glpi_tickets_text_ai AFTER INSERT ON glpi_tickets BEGIN
       INSERT INTO glpi_tickets_text (rowid, name, content) VALUES (new.id, new.name, new.content);
     END`,
  ad: `CREATE TRIGGER glpi_tickets_text_ad AFTER DELETE ON glpi_tickets BEGIN
       INSERT INTO glpi_tickets_text (glpi_tickets_text, rowid, name, content) VALUES ('delete', old.id, old.name, old.content);
     END`,
  // The update trigger fires only when the indexed text changes: status and date updates cost nothing here.
  au: `CREATE TRIGGER glpi_tickets_text_au AFTER UPDATE OF name, content ON glpi_tickets BEGIN
       INSERT INTO glpi_tickets_text (glpi_tickets_text, rowid, name, content) VALUES ('delete', old.id, old.name, old.content);
       INSERT INTO glpi_tickets_text (rowid, name, content) VALUES (new.id, new.name, new.content);
     END`,
};

async function sqliteUp(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(
    `CREATE VIRTUAL TABLE glpi_tickets_text USING fts5(name, content, content='glpi_tickets', content_rowid='id', tokenize='trigram remove_diacritics 1')`,
  );
  for (const sql of Object.values(SQLITE_TEXT_TRIGGERS)) await queryRunner.query(sql);
  await backfillSqliteText((sql) => queryRunner.query(sql));
}

/** SQLite: the FTS5 table re-read from glpi_tickets (what the triggers would have written for every row). */
export async function backfillSqliteText(run: RunSql): Promise<void> {
  await run(`INSERT INTO glpi_tickets_text (glpi_tickets_text) VALUES ('rebuild')`);
}

/** Slices of one text, as the triggers and the backfill cut them (characters, not bytes). */
export const MYSQL_GRAM_FILL = `CREATE PROCEDURE glpi_tickets_grams_fill(IN ticket INT, IN body LONGTEXT)
  BEGIN
    DECLARE i INT DEFAULT 1;
    DECLARE n INT DEFAULT CHAR_LENGTH(body) - 2;
    SET body = LOWER(body);
    WHILE i <= n DO
      INSERT IGNORE INTO glpi_tickets_grams (gram, tickets_id) VALUES (SUBSTRING(body, i, 3), ticket);
      SET i = i + 1;
    END WHILE;
  END`;

/** MariaDB/MySQL: the triggers that keep glpi_tickets_grams in step with glpi_tickets, by name. */
export const MYSQL_GRAM_TRIGGERS: Record<'ai' | 'au' | 'ad', string> = {
  ai: `CREATE TRIGGER glpi_tickets_grams_ai AFTER INSERT ON glpi_tickets FOR EACH ROW BEGIN
       CALL glpi_tickets_grams_fill(NEW.id, NEW.name);
       CALL glpi_tickets_grams_fill(NEW.id, NEW.content);
     END`,
  au: `CREATE TRIGGER glpi_tickets_grams_au AFTER UPDATE ON glpi_tickets FOR EACH ROW BEGIN
       IF NOT (NEW.name <=> OLD.name) OR NOT (NEW.content <=> OLD.content) OR NEW.id <> OLD.id THEN
         DELETE FROM glpi_tickets_grams WHERE tickets_id = OLD.id;
         CALL glpi_tickets_grams_fill(NEW.id, NEW.name);
         CALL glpi_tickets_grams_fill(NEW.id, NEW.content);
       END IF;
     END`,
  ad: `CREATE TRIGGER glpi_tickets_grams_ad AFTER DELETE ON glpi_tickets FOR EACH ROW BEGIN
       DELETE FROM glpi_tickets_grams WHERE tickets_id = OLD.id;
     END`,
};

async function mysqlUp(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(
    `CREATE TABLE glpi_tickets_grams (
       gram VARCHAR(3) NOT NULL,
       tickets_id INT NOT NULL,
       PRIMARY KEY (gram, tickets_id),
       KEY IDX_glpi_tickets_grams_tickets_id (tickets_id)
     ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
  );
  await queryRunner.query(MYSQL_GRAM_FILL);
  for (const sql of Object.values(MYSQL_GRAM_TRIGGERS)) await queryRunner.query(sql);
  await backfillMysqlGrams((sql) => queryRunner.query(sql));
}

/**
 * MariaDB/MySQL: the grams of tickets `from` <= id <= `to` (default: all), set-based, the same rows
 * the triggers write: one statement per text column, every position of every text over a number
 * series. One transaction per call: a caller filling many rows passes ranges.
 */
export async function backfillMysqlGrams(run: RunSql, range?: { from: number; to: number }): Promise<void> {
  const where = range ? `WHERE id BETWEEN ${Math.trunc(range.from)} AND ${Math.trunc(range.to)}` : '';
  const [{ n }] = (await run(
    `SELECT COALESCE(MAX(GREATEST(CHAR_LENGTH(name), CHAR_LENGTH(COALESCE(content, '')))), 0) AS n FROM glpi_tickets ${where}`,
  )) as Array<{ n: number | string }>;
  const longest = Number(n);
  if (longest < 3) return;
  // MySQL stops recursive CTEs at 1000 rows unless told otherwise; MariaDB has no such variable.
  await run(`SET SESSION cte_max_recursion_depth = ${longest + 1}`).catch(() => undefined);
  for (const column of ['name', 'content']) {
    await run(
      `INSERT IGNORE INTO glpi_tickets_grams (gram, tickets_id)
         WITH RECURSIVE s (seq) AS (SELECT 1 UNION ALL SELECT seq + 1 FROM s WHERE seq < ${longest})
         SELECT SUBSTRING(LOWER(t.${column}), s.seq, 3), t.id FROM (SELECT id, ${column} FROM glpi_tickets ${where}) t JOIN s ON s.seq <= CHAR_LENGTH(t.${column}) - 2`,
    );
  }
}
