import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectInMemory, type InMemoryConnection } from '../../test/support/connect-in-memory.ts';
import { loadRecipes } from '../recipes/load-recipes.ts';
import type { ShippedServer } from '../shipped-server.ts';
import { DATA_SOURCE, startOpenData } from './start-open-data.ts';

interface Rows {
  columns: string[];
  rows: Record<string, unknown>[];
  rowCount: number;
  truncated?: boolean;
  note?: string;
}

/** A fingerprint of every table: changes if any row is inserted, updated or deleted. */
const FINGERPRINT_SQL = `SELECT
  (SELECT md5(string_agg(t::text, ',' ORDER BY t.cca3)) FROM countries t) AS countries,
  (SELECT md5(string_agg(t::text, ',' ORDER BY t.cca3, t.code)) FROM languages t) AS languages,
  (SELECT md5(string_agg(t::text, ',' ORDER BY t.cca3, t.code)) FROM currencies t) AS currencies,
  (SELECT md5(string_agg(t::text, ',' ORDER BY t.cca3, t.neighbour_cca3)) FROM borders t) AS borders,
  (SELECT count(*) FROM pg_tables WHERE schemaname = 'public') AS tables`;

describe('open-data server', () => {
  let shipped: ShippedServer;
  let mcp: InMemoryConnection;

  beforeAll(async () => {
    shipped = await startOpenData({ timeoutMs: 1500, maxRows: 50 });
    mcp = await connectInMemory(shipped.createServer);
  });
  afterAll(async () => {
    await mcp.close();
    await shipped.close();
  });

  it('describes itself and credits the data source and its licence', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['describe_table', 'get_recipe', 'list_recipes', 'list_tables', 'query_sql', 'search_recipes'].sort(),
    );
    // Every tool only reads, and says so (a tool that does not is asked about before it runs).
    for (const tool of tools)
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(shipped.description).toContain(DATA_SOURCE);
    expect(DATA_SOURCE).toMatch(/Open Database License \(ODbL\) 1\.0/);
    expect(mcp.client.getServerVersion()?.description).toContain('world-countries');
  });

  it('lists the tables with row counts', async () => {
    const { tables, source } = await mcp.callJson<{
      tables: { name: string; rows: number }[];
      source: string;
    }>('list_tables');
    expect(tables.map((table) => table.name)).toEqual(['countries', 'languages', 'currencies', 'borders']);
    expect(tables[0].rows).toBe(250);
    expect(tables.every((table) => table.rows > 0)).toBe(true);
    expect(source).toBe(DATA_SOURCE);
  });

  it('describes a table with documented columns and sample rows, and refuses an unknown table', async () => {
    const countries = await mcp.callJson<{
      columns: { name: string; description: string }[];
      sample: object[];
    }>('describe_table', { table: 'Countries' });
    const names = countries.columns.map((column) => column.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'cca2',
        'cca3',
        'name',
        'official_name',
        'region',
        'subregion',
        'capital',
        'area',
        'lat',
        'lng',
      ]),
    );
    expect(names).toEqual(expect.arrayContaining(['landlocked', 'independent', 'un_member']));
    expect(names).not.toContain('population');
    expect(countries.sample).toHaveLength(3);

    const unknown = await mcp.call('describe_table', { table: 'people' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toBe("Unknown table 'people'. Tables: countries, languages, currencies, borders.");
  });

  it('answers queries with parameters, joins and aggregates', async () => {
    const france = await mcp.callJson<Rows>('query_sql', {
      sql: 'SELECT name, capital, region, area, landlocked FROM countries WHERE cca2 = $1',
      params: ['FR'],
    });
    expect(france.rows).toEqual([
      { name: 'France', capital: 'Paris', region: 'Europe', area: 551695, landlocked: false },
    ]);

    const neighbours = await mcp.callJson<Rows>('query_sql', {
      sql: `SELECT n.name FROM borders b JOIN countries n ON n.cca3 = b.neighbour_cca3
            WHERE b.cca3 = $1 ORDER BY n.name`,
      params: ['CHE'],
    });
    expect(neighbours.rows.map((row) => row.name)).toEqual([
      'Austria',
      'France',
      'Germany',
      'Italy',
      'Liechtenstein',
    ]);

    const euro = await mcp.callJson<Rows>('query_sql', {
      sql: "SELECT count(*) AS n FROM currencies WHERE code = 'EUR';",
    });
    expect(euro.rows[0].n).toBeGreaterThan(20);
  });

  it('treats parameters as values, never as SQL', async () => {
    const injected = await mcp.callJson<Rows>('query_sql', {
      sql: 'SELECT name FROM countries WHERE name = $1',
      params: ["France'; DROP TABLE countries; --"],
    });
    expect(injected.rows).toEqual([]);
    const still = await mcp.callJson<Rows>('query_sql', { sql: 'SELECT count(*) AS n FROM countries' });
    expect(still.rows[0].n).toBe(250);
  });

  it('cuts long results at the row limit with a note', async () => {
    const all = await mcp.callJson<Rows>('query_sql', { sql: 'SELECT name FROM countries ORDER BY name' });
    expect(all.rowCount).toBe(50);
    expect(all.truncated).toBe(true);
    expect(all.note).toMatch(/first 50 rows/);
    const few = await mcp.callJson<Rows>('query_sql', { sql: 'SELECT name FROM countries LIMIT 5' });
    expect(few.truncated).toBeUndefined();
  });

  it('reports bad SQL with PostgreSQL’s message and position', async () => {
    const typo = await mcp.call('query_sql', { sql: 'SELECT populaton FROM countries' });
    expect(typo.isError).toBe(true);
    expect(typo.text).toMatch(/^SQL error: column "populaton" does not exist \(at character 8\)/);
    const syntax = await mcp.call('query_sql', { sql: 'SELECT name FROM countries WHERE' });
    expect(syntax).toMatchObject({ isError: true, text: expect.stringMatching(/syntax error/) });
    const params = await mcp.call('query_sql', { sql: 'SELECT name FROM countries WHERE cca2 = $1' });
    expect(params.isError).toBe(true);
  });

  it('refuses every write and leaves the database unchanged', async () => {
    const before = await mcp.callJson<Rows>('query_sql', { sql: FINGERPRINT_SQL });
    const attempts = [
      "INSERT INTO countries (cca3) VALUES ('XXX')",
      "UPDATE countries SET name = 'Nowhere'",
      'DELETE FROM borders',
      'DROP TABLE countries',
      'SELECT 1; DROP TABLE countries',
      'CREATE TABLE t (x int)',
      'WITH gone AS (DELETE FROM borders RETURNING *) SELECT count(*) FROM gone',
      "SELECT set_config('default_transaction_read_only', 'off', false)",
      'SELECT * FROM countries FOR UPDATE',
      "SELECT nextval('x')",
    ];
    for (const sql of attempts) {
      const result = await mcp.call('query_sql', { sql });
      expect(result.isError, sql).toBe(true);
    }
    const after = await mcp.callJson<Rows>('query_sql', { sql: FINGERPRINT_SQL });
    expect(after.rows).toEqual(before.rows);
  });

  it('runs every SQL example of its recipes and finds rows', async () => {
    const recipes = await loadRecipes(new URL('./recipes/', import.meta.url));
    expect(recipes.map((recipe) => recipe.name).sort()).toEqual(
      [
        'compare-countries',
        'countries-on-a-map',
        'country-profile',
        'country-questions',
        'largest-countries-chart',
      ].sort(),
    );
    let examples = 0;
    for (const recipe of recipes) {
      expect(recipe.tools).toContain('query_sql');
      expect(recipe.widgets.length).toBeGreaterThan(0);
      for (const [, block] of recipe.body.matchAll(/```sql\n([\s\S]*?)```/g)) {
        const params = JSON.parse(/-- params: (.*)/.exec(block)?.[1] ?? '[]');
        const result = await mcp.call('query_sql', { sql: block, params });
        expect(result.isError, `${recipe.name}: ${result.text}`).toBe(false);
        expect((JSON.parse(result.text) as Rows).rowCount, `${recipe.name}: ${block}`).toBeGreaterThan(0);
        examples += 1;
      }
    }
    expect(examples).toBeGreaterThanOrEqual(7);
    const found = await mcp.callJson<{ recipes: { name: string }[] }>('search_recipes', {
      query: 'compare France and Spain',
    });
    expect(found.recipes[0].name).toBe('compare-countries');
  });

  it('publishes query templates (the offline planner reads them) whose every variant runs', async () => {
    const recipe = await mcp.call('get_recipe', { name: 'country-questions' });
    const block = /```json\n([\s\S]*?)```/.exec(recipe.text)?.[1] ?? '[]';
    const templates = JSON.parse(block) as Array<{ template: string; sql: string; place?: boolean }>;
    expect(new Set(templates.map((row) => row.template)).size).toBe(9);
    for (const { template, sql, place } of templates) {
      const params =
        template === 'compare countries'
          ? [['France', 'Germany']]
          : template === 'neighbours of a country' || template === 'country profile'
            ? ['France']
            : [...(place ? ['Africa'] : []), ...(/LIMIT \$/.test(sql) ? [5] : [])];
      const result = await mcp.call('query_sql', { sql, params });
      expect(result.isError, `${template}: ${result.text}`).toBe(false);
      expect((JSON.parse(result.text) as Rows).rowCount, `${template}: ${sql}`).toBeGreaterThan(0);
    }
  });

  it('stops a query that runs too long, then answers the next one', async () => {
    const slow = await mcp.call('query_sql', { sql: 'SELECT pg_sleep(30)' });
    expect(slow.isError).toBe(true);
    expect(slow.text).toMatch(/stopped after 1\.5 s/);
    const next = await mcp.callJson<Rows>('query_sql', { sql: 'SELECT count(*) AS n FROM countries' });
    expect(next.rows[0].n).toBe(250);
  });
});
