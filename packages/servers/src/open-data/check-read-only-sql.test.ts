import { describe, expect, it } from 'vitest';
import { checkReadOnlySql } from './check-read-only-sql.ts';

describe('checkReadOnlySql', () => {
  it.each([
    'SELECT 1',
    '  select name from countries where region = $1',
    'WITH big AS (SELECT * FROM countries WHERE area > 1e6) SELECT count(*) FROM big',
    '(SELECT 1) UNION (SELECT 2)',
    "SELECT 'a;b' AS x",
    'SELECT "weird;name" FROM t',
    'SELECT $$ ; DROP TABLE t $$',
    "SELECT E'it\\'s; fine'",
    'SELECT /* nested /* ; */ still comment; */ 1',
  ])('accepts %s', (sql) => {
    expect(checkReadOnlySql(sql)).toBe(sql);
  });

  it('removes trailing semicolons, whitespace and comments', () => {
    expect(checkReadOnlySql('SELECT 1 ;; \n')).toBe('SELECT 1');
    expect(checkReadOnlySql('SELECT 1 -- a comment; DROP TABLE t')).toBe('SELECT 1');
  });

  it.each([
    ['INSERT INTO countries VALUES (1)', /not INSERT/],
    ['update countries set name = $1', /not UPDATE/],
    ['DROP TABLE countries', /not DROP/],
    ['DELETE FROM borders', /not DELETE/],
    ['SELECT 1; DROP TABLE countries', /one SQL statement/],
    ["SELECT 'x'; SELECT 2", /one SQL statement/],
    ['', /empty/],
    [' ; ', /empty/],
    ['-- only a comment', /empty/],
    ["SELECT set_config('role', 'postgres', true)", /set_config/],
    ["select PG_READ_FILE('/etc/passwd')", /pg_read_file/],
  ])('refuses %s', (sql, message) => {
    expect(() => checkReadOnlySql(sql)).toThrow(message);
  });
});
