import type { MigrationInterface, QueryRunner } from 'typeorm';
import { MYSQL_GRAM_FILL } from './1768400000000-TicketTextIndex.js';

/**
 * MariaDB/MySQL: the procedure the ticket text triggers call cuts a text into slices a piece of 200
 * characters at a time. It cut each slice from the whole text, and reading a LONGTEXT variable costs
 * its length, so a text's cost grew with its square: 60,000 characters took 20 s, past the statement
 * limit, and a long ticket could not be stored. Now each slice is cut from its piece: under a second.
 * The slices are the same (lower-cased, three characters, every position).
 */
const PIECE = 200;
const FILL_BY_PIECE = `CREATE PROCEDURE glpi_tickets_grams_fill(IN ticket INT, IN body LONGTEXT)
  BEGIN
    DECLARE n INT DEFAULT CHAR_LENGTH(body);
    DECLARE start INT DEFAULT 1;
    DECLARE piece VARCHAR(${PIECE + 2});
    DECLARE i INT;
    SET body = LOWER(body);
    WHILE start <= n - 2 DO
      -- The slices starting in this piece, the last two reaching into the next.
      SET piece = SUBSTRING(body, start, ${PIECE + 2});
      SET i = 1;
      WHILE i <= LEAST(CHAR_LENGTH(piece) - 2, ${PIECE}) DO
        INSERT IGNORE INTO glpi_tickets_grams (gram, tickets_id) VALUES (SUBSTRING(piece, i, 3), ticket);
        SET i = i + 1;
      END WHILE;
      SET start = start + ${PIECE};
    END WHILE;
  END`;

export class TicketGramsFillByPiece1769100000000 implements MigrationInterface {
  name = 'TicketGramsFillByPiece1769100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await replaceFill(queryRunner, FILL_BY_PIECE);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await replaceFill(queryRunner, MYSQL_GRAM_FILL);
  }
}

/** The triggers call the procedure by name: replacing it changes what they do. */
async function replaceFill(queryRunner: QueryRunner, create: string): Promise<void> {
  if (queryRunner.dataSource.options.type !== 'mysql') return;
  await queryRunner.query('DROP PROCEDURE IF EXISTS glpi_tickets_grams_fill');
  await queryRunner.query(create);
}
