import { McpServer } from '@modelcontextprotocol/server';
import worldCountriesPackage from 'world-countries/package.json' with { type: 'json' };
import * as z from 'zod';
import { loadRecipes } from '../recipes/load-recipes.ts';
import { RecipeBook } from '../recipes/recipe-book.ts';
import { registerRecipes } from '../recipes/register-recipes.ts';
import type { ShippedServer } from '../shipped-server.ts';
import { jsonResult, runTool, ToolError } from '../tool-result.ts';
import { checkReadOnlySql } from './check-read-only-sql.ts';
import { CountryDatabase } from './country-database.ts';
import { TABLES } from './database-schema.ts';

const NAME = 'open-data';

/** Where the data comes from and under which licence; part of the server description. */
export const DATA_SOURCE =
  `Country data: mledoze/countries (npm world-countries ${worldCountriesPackage.version}, ` +
  'https://github.com/mledoze/countries), made available under the Open Database License (ODbL) 1.0.';

const DESCRIPTION =
  "An SQL (PostgreSQL) database of the world's 250 countries and territories: names and ISO codes, region " +
  'and subregion, capital, area in km², centre coordinates, landlocked / independent / UN member, plus tables ' +
  'of their languages, currencies and land borders. No population figures. Use list_tables and describe_table ' +
  'to learn the schema, then query_sql with a read-only SELECT and $1… parameters. The recipes say how to turn ' +
  `results into stat, table, chart and map widgets. ${DATA_SOURCE}`;

/** Options of {@link startOpenData}. */
export interface OpenDataOptions {
  /** Longest a query may run, in milliseconds (default 5000). */
  timeoutMs?: number;
  /** Most rows `query_sql` returns (default 200); longer results are cut with a note. */
  maxRows?: number;
}

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * Starts the open-data server: an embedded PostgreSQL (PGlite, in a worker thread) loaded from
 * the `world-countries` package, read-only SQL tools, and recipes that end in widgets.
 */
export async function startOpenData(options: OpenDataOptions = {}): Promise<ShippedServer> {
  const maxRows = options.maxRows ?? 200;
  const [database, recipes] = await Promise.all([
    CountryDatabase.start({ timeoutMs: options.timeoutMs }),
    loadRecipes(new URL('./recipes/', import.meta.url)),
  ]);
  const book = new RecipeBook(recipes);
  const counts = (
    await database.query(
      `SELECT ${TABLES.map((table) => `(SELECT count(*) FROM ${table.name}) AS ${table.name}`).join(', ')}`,
      [],
      1,
    )
  ).rows[0] as Record<string, number>;

  const tableNames = TABLES.map((table) => table.name);

  const createServer = () => {
    const server = new McpServer(
      { name: NAME, title: 'Open data: countries of the world', version: '0.1.0', description: DESCRIPTION },
      { instructions: DESCRIPTION },
    );

    server.registerTool(
      'list_tables',
      {
        title: 'List tables',
        description:
          'The tables of the countries database with what each holds, its row count and its columns.',
        inputSchema: z.object({}),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      () =>
        jsonResult({
          tables: TABLES.map((table) => ({
            name: table.name,
            description: table.description,
            rows: counts[table.name],
            columns: table.columns.map((column) => column.name),
          })),
          source: DATA_SOURCE,
        }),
    );

    server.registerTool(
      'describe_table',
      {
        title: 'Describe a table',
        description:
          'Columns of one table (name, type, nullable, meaning), its key and references to other tables, its row ' +
          'count and three sample rows. Read it before writing SQL against a table.',
        inputSchema: z.object({
          table: z
            .string()
            .min(1)
            .describe(`One of: ${tableNames.join(', ')}`),
        }),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      ({ table }) =>
        runTool(async () => {
          const spec = TABLES.find((candidate) => candidate.name === table.trim().toLowerCase());
          if (!spec) throw new ToolError(`Unknown table '${table}'. Tables: ${tableNames.join(', ')}.`);
          const sample = await database.query(
            `SELECT * FROM ${spec.name} ORDER BY ${spec.primaryKey.join(', ')}`,
            [],
            3,
          );
          return jsonResult({
            name: spec.name,
            description: spec.description,
            rows: counts[spec.name],
            primaryKey: spec.primaryKey,
            references: spec.references,
            columns: spec.columns,
            sample: sample.rows,
          });
        }),
    );

    server.registerTool(
      'query_sql',
      {
        title: 'Query with SQL',
        description:
          'Run one read-only PostgreSQL query (SELECT or WITH … SELECT) against the countries database and get ' +
          `the rows as JSON objects. Put values in \`params\` and refer to them as $1, $2… (never paste user text ` +
          `into the SQL). At most ${maxRows} rows are returned (a note says when more matched: add LIMIT or ` +
          `aggregate); queries are stopped after ${(options.timeoutMs ?? 5000) / 1000} s. Writes are refused.`,
        inputSchema: z.object({
          sql: z
            .string()
            .describe('One SELECT or WITH query, e.g. "SELECT name, area FROM countries WHERE region = $1"'),
          params: z
            .array(z.union([scalar, z.array(scalar)]))
            .default([])
            .describe(
              'Values for $1, $2…; an array value binds to a PostgreSQL array, e.g. for = ANY($1::text[])',
            ),
        }),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      ({ sql, params }) =>
        runTool(async () => {
          const result = await database.query(checkReadOnlySql(sql), params, maxRows);
          return jsonResult({
            columns: result.columns,
            rows: result.rows,
            rowCount: result.rows.length,
            ...(result.truncated
              ? {
                  truncated: true,
                  note: `Only the first ${maxRows} rows are shown; add LIMIT, a WHERE filter or GROUP BY.`,
                }
              : {}),
          });
        }),
    );

    registerRecipes(server, NAME, book);
    return server;
  };

  return { name: NAME, description: DESCRIPTION, createServer, close: () => database.close() };
}
