import type { DataSource } from 'typeorm';
import { keyEquals } from './key-equality.js';

const on = (type: string): DataSource => ({ options: { type } }) as unknown as DataSource;

describe('keyEquals', () => {
  it('is a plain equality on SQLite, whose text comparison is already byte for byte', () => {
    expect(keyEquals(on('better-sqlite3'), 't.name_key', 'maria.silva')).toEqual({ sql: 't.name_key = ?', params: ['maria.silva'] });
  });

  it('keeps the collation equality for the index and adds a byte comparison on MariaDB/MySQL', () => {
    expect(keyEquals(on('mysql'), 't.name_key', 'maria.silva\0')).toEqual({
      sql: '(t.name_key = ? AND CAST(t.name_key AS BINARY) = ?)',
      params: ['maria.silva\0', 'maria.silva\0'],
    });
  });
});
