import { isDuplicate } from '../envelope/error-mapping.js';

/**
 * Which unique value of a user a refused write of glpi_users collided with, by the index that
 * refused it: the login (UQ_glpi_users_name) or the email's look-alike key
 * (UQ_glpi_users_email_lookalike). Reached when two writes with one value run at once on
 * MySQL/MariaDB, each having found it free; the caller answers it as the taken value it is.
 * Undefined for anything else.
 */
export function takenOnWrite(error: unknown): 'name' | 'email' | undefined {
  if (!isDuplicate(error) || !(error instanceof Error)) return undefined;
  // MySQL/MariaDB name the index; SQLite names the table's columns.
  if (/UQ_glpi_users_email_lookalike|glpi_users\.email_lookalike/.test(error.message)) return 'email';
  if (/UQ_glpi_users_name|glpi_users\.name\b/.test(error.message)) return 'name';
  return undefined;
}
