import type { Country } from 'world-countries';

/** Rows for each table of the open-data database, keyed by table name. */
export type CountryRows = Record<
  'countries' | 'languages' | 'currencies' | 'borders',
  Record<string, unknown>[]
>;

function blankToNull(text: string | undefined): string | null {
  return text && text.trim() !== '' ? text : null;
}

/**
 * Turns the `world-countries` records into table rows: unknown values (an area of -1, an empty
 * subregion, no capital) become NULL rather than fake values.
 */
export function countryRows(countries: Country[]): CountryRows {
  const rows: CountryRows = { countries: [], languages: [], currencies: [], borders: [] };
  for (const country of countries) {
    rows.countries.push({
      cca3: country.cca3,
      cca2: country.cca2,
      ccn3: blankToNull(country.ccn3),
      name: country.name.common,
      official_name: country.name.official,
      region: country.region,
      subregion: blankToNull(country.subregion),
      capital: blankToNull(country.capital.join(', ')),
      area: country.area > 0 ? country.area : null,
      lat: country.latlng[0],
      lng: country.latlng[1],
      landlocked: country.landlocked,
      independent: country.independent ?? null,
      un_member: country.unMember,
      status: country.status,
      demonym: blankToNull(country.demonyms?.eng?.m),
      tld: blankToNull(country.tld.join(', ')),
      flag: country.flag,
    });
    for (const [code, name] of Object.entries(country.languages ?? {})) {
      rows.languages.push({ cca3: country.cca3, code, name });
    }
    for (const [code, currency] of Object.entries(country.currencies ?? {})) {
      rows.currencies.push({
        cca3: country.cca3,
        code,
        name: currency.name,
        symbol: blankToNull(currency.symbol),
      });
    }
    for (const neighbour of country.borders)
      rows.borders.push({ cca3: country.cca3, neighbour_cca3: neighbour });
  }
  return rows;
}
