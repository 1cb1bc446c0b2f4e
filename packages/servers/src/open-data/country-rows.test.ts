import { describe, expect, it } from 'vitest';
import type { Country } from 'world-countries';
import countries from 'world-countries/countries.json' with { type: 'json' };
import { countryRows } from './country-rows.ts';
import { TABLES } from './database-schema.ts';

describe('countryRows', () => {
  const rows = countryRows(countries as unknown as Country[]);

  it('makes one row per country, with every column of the schema', () => {
    expect(rows.countries).toHaveLength(250);
    const columns = TABLES.find((table) => table.name === 'countries')?.columns.map((column) => column.name);
    expect(Object.keys(rows.countries[0]).sort()).toEqual([...(columns ?? [])].sort());
    expect(rows.countries.find((row) => row.cca3 === 'FRA')).toMatchObject({
      cca2: 'FR',
      name: 'France',
      official_name: 'French Republic',
      capital: 'Paris',
      region: 'Europe',
      area: 551695,
      un_member: true,
    });
  });

  it('stores unknown values as NULL rather than fake ones', () => {
    const svalbard = rows.countries.find((row) => row.cca3 === 'SJM');
    expect(svalbard?.area).toBeNull();
    expect(rows.countries.find((row) => row.cca3 === 'ATA')).toMatchObject({
      capital: null,
      subregion: null,
    });
    expect(rows.countries.find((row) => row.cca3 === 'ZAF')?.capital).toBe(
      'Pretoria, Bloemfontein, Cape Town',
    );
  });

  it('splits languages, currencies and borders into their own rows', () => {
    expect(
      rows.languages
        .filter((row) => row.cca3 === 'CHE')
        .map((row) => row.name)
        .sort(),
    ).toEqual(['French', 'Italian', 'Romansh', 'Swiss German']);
    expect(rows.currencies.find((row) => row.cca3 === 'JPN')).toEqual({
      cca3: 'JPN',
      code: 'JPY',
      name: 'Japanese yen',
      symbol: '¥',
    });
    expect(rows.borders.filter((row) => row.cca3 === 'PRT')).toEqual([
      { cca3: 'PRT', neighbour_cca3: 'ESP' },
    ]);
  });
});
