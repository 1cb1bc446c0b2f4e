/** A column of the open-data database, documented for models. */
export interface ColumnSpec {
  name: string;
  /** PostgreSQL type. */
  type: string;
  description: string;
  /** Whether the column may be NULL (unknown / not applicable). */
  nullable: boolean;
}

/** A table of the open-data database, documented for models. */
export interface TableSpec {
  name: string;
  description: string;
  columns: ColumnSpec[];
  primaryKey: string[];
  /** `column → table(column)` references. */
  references: Record<string, string>;
}

function column(name: string, type: string, description: string, nullable = false): ColumnSpec {
  return { name, type, description, nullable };
}

/** The tables, their columns and what each means: the single source for DDL and `describe_table`. */
export const TABLES: TableSpec[] = [
  {
    name: 'countries',
    description:
      'One row per country or territory (250): codes, names, region, capital, area, centre coordinates, status. ' +
      'No population figures: the source data set has none.',
    primaryKey: ['cca3'],
    references: {},
    columns: [
      column('cca3', 'char(3)', 'ISO 3166-1 alpha-3 code, e.g. FRA; the key other tables join on'),
      column('cca2', 'char(2)', 'ISO 3166-1 alpha-2 code, e.g. FR'),
      column('ccn3', 'text', 'ISO 3166-1 numeric code, e.g. 250', true),
      column('name', 'text', 'Common English name, e.g. France'),
      column('official_name', 'text', 'Official English name, e.g. French Republic'),
      column('region', 'text', 'Africa, Americas, Antarctic, Asia, Europe or Oceania'),
      column('subregion', 'text', 'e.g. Western Europe, South America', true),
      column('capital', 'text', 'Capital city; several are comma-separated (South Africa)', true),
      column('area', 'double precision', 'Land area in square kilometres (km²)', true),
      column('lat', 'double precision', 'Latitude of the country centre, degrees'),
      column('lng', 'double precision', 'Longitude of the country centre, degrees'),
      column('landlocked', 'boolean', 'True when the country has no sea coast'),
      column('independent', 'boolean', 'True for sovereign states', true),
      column('un_member', 'boolean', 'True for United Nations member states'),
      column('status', 'text', 'ISO 3166-1 assignment status, e.g. officially-assigned'),
      column('demonym', 'text', 'English name of the inhabitants, e.g. French', true),
      column('tld', 'text', 'Internet top-level domain(s), e.g. .fr', true),
      column('flag', 'text', 'Flag emoji'),
    ],
  },
  {
    name: 'languages',
    description: 'Official or national languages of each country: one row per country and language.',
    primaryKey: ['cca3', 'code'],
    references: { cca3: 'countries(cca3)' },
    columns: [
      column('cca3', 'char(3)', 'Country code (countries.cca3)'),
      column('code', 'text', 'ISO 639-3 language code, e.g. fra'),
      column('name', 'text', 'Language name in English, e.g. French'),
    ],
  },
  {
    name: 'currencies',
    description: 'Currencies in use in each country: one row per country and currency.',
    primaryKey: ['cca3', 'code'],
    references: { cca3: 'countries(cca3)' },
    columns: [
      column('cca3', 'char(3)', 'Country code (countries.cca3)'),
      column('code', 'text', 'ISO 4217 currency code, e.g. EUR'),
      column('name', 'text', 'Currency name, e.g. Euro'),
      column('symbol', 'text', 'Currency symbol, e.g. €', true),
    ],
  },
  {
    name: 'borders',
    description:
      'Land borders: one row per country and neighbour (each border appears twice, once from each side).',
    primaryKey: ['cca3', 'neighbour_cca3'],
    references: { cca3: 'countries(cca3)', neighbour_cca3: 'countries(cca3)' },
    columns: [
      column('cca3', 'char(3)', 'Country code (countries.cca3)'),
      column('neighbour_cca3', 'char(3)', 'Code of a country it shares a land border with (countries.cca3)'),
    ],
  },
];

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** DDL creating every table of {@link TABLES}, with keys, references and comments. */
export function createTablesSql(): string {
  const statements: string[] = [];
  for (const table of TABLES) {
    const lines = table.columns.map(
      (spec) =>
        `  ${spec.name} ${spec.type}${spec.nullable ? '' : ' NOT NULL'}` +
        (table.references[spec.name] ? ` REFERENCES ${table.references[spec.name]}` : ''),
    );
    lines.push(`  PRIMARY KEY (${table.primaryKey.join(', ')})`);
    statements.push(`CREATE TABLE ${table.name} (\n${lines.join(',\n')}\n);`);
    statements.push(`COMMENT ON TABLE ${table.name} IS ${quoteLiteral(table.description)};`);
    for (const spec of table.columns) {
      statements.push(`COMMENT ON COLUMN ${table.name}.${spec.name} IS ${quoteLiteral(spec.description)};`);
    }
  }
  return statements.join('\n');
}
