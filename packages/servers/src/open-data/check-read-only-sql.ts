import { containsWord } from '@switchboard/core';
import { ToolError } from '../tool-result.ts';

/**
 * Functions refused even in a read-only query: they read server files, change settings (such as
 * the role) or act on other sessions.
 */
const REFUSED_FUNCTIONS = [
  'set_config',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'lo_import',
  'lo_export',
  'lo_get',
  'dblink',
  'pg_reload_conf',
  'pg_terminate_backend',
  'pg_cancel_backend',
];

/** The SQL with literals, quoted identifiers and comments blanked out, and its `;` positions. */
interface Scanned {
  /** The text with comments replaced by spaces and literals / quoted identifiers by `#`. */
  code: string;
  /** Offsets of semicolons outside literals and comments. */
  semicolons: number[];
}

/** Scans PostgreSQL text, skipping '…' / E'…' strings, "…" identifiers, $tag$…$tag$ bodies and comments. */
function scan(sql: string): Scanned {
  let code = '';
  const semicolons: number[] = [];
  let i = 0;
  /** Comments become spaces; literals become `#`, so they still count as content. */
  const blank = (end: number, filler = ' ') => {
    code += filler.repeat(end - i);
    i = end;
  };
  while (i < sql.length) {
    const char = sql[i];
    const next = sql[i + 1];
    if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      blank(end === -1 ? sql.length : end);
    } else if (char === '/' && next === '*') {
      let depth = 0;
      let j = i;
      while (j < sql.length) {
        if (sql[j] === '/' && sql[j + 1] === '*') {
          depth += 1;
          j += 2;
        } else if (sql[j] === '*' && sql[j + 1] === '/') {
          depth -= 1;
          j += 2;
          if (depth === 0) break;
        } else j += 1;
      }
      blank(j);
    } else if (char === "'") {
      const escapes = /[eE]/.test(sql[i - 1] ?? '') && !/[\w$]/.test(sql[i - 2] ?? '');
      let j = i + 1;
      while (j < sql.length) {
        if (escapes && sql[j] === '\\') j += 2;
        else if (sql[j] === "'" && sql[j + 1] === "'") j += 2;
        else if (sql[j] === "'") break;
        else j += 1;
      }
      blank(Math.min(j + 1, sql.length), '#');
    } else if (char === '"') {
      const end = sql.indexOf('"', i + 1);
      blank(end === -1 ? sql.length : end + 1, '#');
    } else if (char === '$' && !/[\w$]/.test(sql[i - 1] ?? '')) {
      const tag = /^\$([A-Za-z_][\w]*)?\$/.exec(sql.slice(i));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        blank(end === -1 ? sql.length : end + tag[0].length, '#');
      } else {
        code += char;
        i += 1;
      }
    } else {
      if (char === ';') semicolons.push(i);
      code += char;
      i += 1;
    }
  }
  return { code, semicolons };
}

/**
 * Checks that `sql` is a single read-only query and returns it without trailing semicolons
 * and comments.
 * Throws a {@link ToolError} for an empty text, several statements, a statement that does not
 * start with SELECT or WITH, or a refused function. This is the first of three guards: the
 * query then runs inside a READ ONLY transaction, as a role that may only SELECT.
 */
export function checkReadOnlySql(sql: string): string {
  const { code, semicolons } = scan(sql);
  const trailing = code.replace(/[\s;]+$/, '');
  if (trailing.trim() === '')
    throw new ToolError('The SQL is empty: write one SELECT (or WITH … SELECT) query.');
  if (semicolons.some((offset) => offset < trailing.length)) {
    throw new ToolError('Only one SQL statement per call: remove the semicolons between statements.');
  }
  const first = /^[\s(]*([A-Za-z]+)/.exec(trailing)?.[1]?.toUpperCase();
  if (first !== 'SELECT' && first !== 'WITH') {
    throw new ToolError(
      `query_sql only runs read-only queries starting with SELECT or WITH, not ${first ?? 'this statement'}. ` +
        'The database cannot be changed.',
    );
  }
  const lowered = code.toLowerCase();
  const refused = REFUSED_FUNCTIONS.find((name) => containsWord(lowered, name, { whole: true }));
  if (refused) throw new ToolError(`The function ${refused} is not allowed in query_sql.`);
  return sql.slice(0, trailing.length);
}
