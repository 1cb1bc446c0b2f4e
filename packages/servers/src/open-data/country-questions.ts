/** A read-only query over the open-data database, built from one of its country-question templates. */
export interface SqlPlan {
  /** Which template produced it, e.g. `largest countries by area`. */
  template: string;
  /** A title for the result, e.g. `Largest countries in Africa by area (km²)`. */
  title: string;
  sql: string;
  params: unknown[];
}

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;
const PROFILE =
  /\b(?:about|profile of|facts (?:about|on|for)|info(?:rmation)? (?:about|on)|capital(?: city)? of|languages? (?:are |is )?spoken in|currenc(?:y|ies) (?:of|in|used in))\s+(.+)/i;
const NEIGHBOURS = /\b(?:border(?:s|ing)?|neighbou?r(?:s|ing)?(?:\s+(?:countries|of))*)\s+(?:of\s+)?(.+)/i;
/** How a question asks for a number of rows: "top 5", "first 3", "5 results", "limit 20", "largest 7". */
const LIMIT_PATTERNS = [
  /\b(?:top|first|limit|max(?:imum)?)\s+(\d+)\b/i,
  /\b(\d+)\s+(?:results|rows|items|largest|biggest|smallest)\b/i,
  /\b(?:largest|biggest|smallest|tiniest)\s+(\d+)\b/i,
];
const COUNTRY_MATCH =
  'c.name ILIKE $1 OR c.official_name ILIKE $1 OR c.cca3 = upper($1) OR c.cca2 = upper($1)';

/**
 * Turns a question about countries into a read-only SQL query over the open-data schema (`countries`
 * with name, official_name, region, subregion, capital, area, lat, lng, landlocked…, and `languages`,
 * `currencies`, `borders`), using a small set of fixed templates: ranking by area or neighbours,
 * counting, listing a region (with coordinates when a map is asked for), neighbours of a country,
 * comparing countries, and a country profile. User words only ever go into `params`. Undefined when
 * no template fits.
 */
export function planCountryQuery(text: string): SqlPlan | undefined {
  const wantsMap = /\b(?:map|where)\b/i.test(text);
  const landlocked = /\blandlocked\b/i.test(text);
  const compared = comparedCountries(text);
  if (compared !== undefined) return compare(compared);
  if (/\bmost\s+(?:land\s+)?(?:neighbou?rs|borders)\b/i.test(text)) return rankByNeighbours(text);
  if (/\b(?:largest|biggest|smallest|tiniest)\b|\btop\s+\d+\b|\branked by area\b/i.test(text)) {
    return rankByArea(text, wantsMap);
  }
  if (/\bhow many\b.*\bcountr/i.test(text)) return count(placeIn(text), landlocked);
  const neighbour = NEIGHBOURS.exec(text);
  if (neighbour && /\bcountr|\bneighbou?r|\bborder/i.test(text)) {
    const country = cleanPhrase(neighbour[1] as string);
    if (country !== undefined) return neighbours(country, wantsMap);
  }
  const place = placeIn(text);
  if (/\bcountries\b/i.test(text) && (place !== undefined || landlocked))
    return list(place, landlocked, wantsMap);
  const profiled = PROFILE.exec(text);
  const country = profiled ? cleanPhrase(profiled[1] as string) : undefined;
  return country === undefined ? undefined : profile(country);
}

function rankByArea(text: string, wantsMap: boolean): SqlPlan {
  const smallest = /\b(?:smallest|tiniest)\b/i.test(text);
  const place = placeIn(text);
  const limit = limitOf(text);
  const where = place === undefined ? '' : ' AND (region ILIKE $1 OR subregion ILIKE $1)';
  const columns = wantsMap ? 'name, area, lat, lng' : 'name, area';
  return {
    template: `${smallest ? 'smallest' : 'largest'} countries by area`,
    title: `${smallest ? 'Smallest' : 'Largest'} countries${place ? ` in ${place}` : ''} by area (km²)`,
    sql: `SELECT ${columns} FROM countries WHERE area IS NOT NULL${where} ORDER BY area ${smallest ? 'ASC' : 'DESC'} LIMIT $${place === undefined ? 1 : 2}`,
    params: place === undefined ? [limit] : [place, limit],
  };
}

function rankByNeighbours(text: string): SqlPlan {
  const place = placeIn(text);
  const where = place === undefined ? '' : ' WHERE (c.region ILIKE $1 OR c.subregion ILIKE $1)';
  return {
    template: 'countries with the most neighbours',
    title: `Countries${place ? ` in ${place}` : ''} with the most land neighbours`,
    sql: `SELECT c.name, count(*)::int AS neighbours FROM countries c JOIN borders b ON b.cca3 = c.cca3${where} GROUP BY c.name ORDER BY neighbours DESC, c.name LIMIT $${place === undefined ? 1 : 2}`,
    params: place === undefined ? [limitOf(text)] : [place, limitOf(text)],
  };
}

function count(place: string | undefined, landlocked: boolean): SqlPlan {
  const { where, params } = filters(place, landlocked);
  return {
    template: 'how many countries',
    title: `${landlocked ? 'Landlocked countries' : 'Countries'}${place ? ` in ${place}` : ''}`,
    sql: `SELECT count(*)::int AS countries FROM countries${where}`,
    params,
  };
}

function list(place: string | undefined, landlocked: boolean, wantsMap: boolean): SqlPlan {
  const { where, params } = filters(place, landlocked);
  const columns = wantsMap ? 'name, capital, lat, lng' : 'name, capital, subregion, area';
  return {
    template: wantsMap ? 'countries of a region on a map' : 'countries of a region',
    title: `${landlocked ? 'Landlocked countries' : 'Countries'}${place ? ` in ${place}` : ''}`,
    sql: `SELECT ${columns} FROM countries${where} ORDER BY name`,
    params,
  };
}

function neighbours(country: string, wantsMap: boolean): SqlPlan {
  const columns = wantsMap ? 'n.name, n.capital, n.lat, n.lng' : 'n.name, n.capital, n.region, n.area';
  return {
    template: 'neighbours of a country',
    title: `Neighbours of ${country}`,
    sql:
      `SELECT ${columns} FROM countries c JOIN borders b ON b.cca3 = c.cca3 ` +
      `JOIN countries n ON n.cca3 = b.neighbour_cca3 WHERE ${COUNTRY_MATCH} ORDER BY n.name`,
    params: [country],
  };
}

function compare(countries: string[]): SqlPlan {
  return {
    template: 'compare countries',
    title: `Comparison of ${countries.join(', ')}`,
    sql:
      'SELECT c.name, c.capital, c.region, c.area, ' +
      '(SELECT count(*)::int FROM borders b WHERE b.cca3 = c.cca3) AS neighbours, ' +
      "(SELECT string_agg(l.name, ', ' ORDER BY l.name) FROM languages l WHERE l.cca3 = c.cca3) AS languages, " +
      "(SELECT string_agg(cu.code, ', ' ORDER BY cu.code) FROM currencies cu WHERE cu.cca3 = c.cca3) AS currencies " +
      'FROM countries c WHERE c.name ILIKE ANY ($1::text[]) OR c.cca3 = ANY ($1::text[]) OR c.cca2 = ANY ($1::text[]) ' +
      'ORDER BY c.area DESC NULLS LAST',
    params: [countries],
  };
}

function profile(country: string): SqlPlan {
  return {
    template: 'country profile',
    title: country,
    sql:
      'SELECT c.flag, c.name, c.official_name, c.capital, c.region, c.subregion, c.area, c.lat, c.lng, ' +
      'c.landlocked, c.un_member, ' +
      "(SELECT string_agg(l.name, ', ' ORDER BY l.name) FROM languages l WHERE l.cca3 = c.cca3) AS languages, " +
      "(SELECT string_agg(cu.name || ' (' || cu.code || ')', ', ' ORDER BY cu.code) FROM currencies cu WHERE cu.cca3 = c.cca3) AS currencies, " +
      "(SELECT string_agg(n.name, ', ' ORDER BY n.name) FROM borders b JOIN countries n ON n.cca3 = b.neighbour_cca3 WHERE b.cca3 = c.cca3) AS neighbours " +
      `FROM countries c WHERE ${COUNTRY_MATCH}`,
    params: [country],
  };
}

function filters(place: string | undefined, landlocked: boolean): { where: string; params: unknown[] } {
  const conditions = [
    ...(place === undefined ? [] : ['(region ILIKE $1 OR subregion ILIKE $1)']),
    ...(landlocked ? ['landlocked'] : []),
  ];
  return {
    where: conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`,
    params: place === undefined ? [] : [place],
  };
}

function limitOf(text: string): number {
  const asked = Number(
    LIMIT_PATTERNS.map((pattern) => pattern.exec(text)?.[1]).find((count) => count !== undefined),
  );
  return Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_LIMIT) : DEFAULT_LIMIT;
}

/** The place after "in"/"of"/"within" ("countries in South America on a map" → `South America`). */
function placeIn(text: string): string | undefined {
  const match = /\b(?:in|of|within|across)\s+(.+)/i.exec(
    text.replace(/\b(?:on|in)\s+(?:a|the)\s+map\b.*$/i, ''),
  );
  const place = match ? cleanPhrase(match[1] as string) : undefined;
  return place === undefined || /^(?:the\s+)?(?:world|earth|planet)$/i.test(place) ? undefined : place;
}

/** The countries of "compare France and Germany" / "France vs Germany". */
function comparedCountries(text: string): string[] | undefined {
  const match = /\bcompare\s+(.+)/i.exec(text) ?? /(.+?\b(?:vs\.?|versus)\b.+)/i.exec(text);
  if (!match) return undefined;
  const names = (match[1] as string)
    .split(/\s*(?:,|\band\b|\bwith\b|\bto\b|\bvs\.?|\bversus\b)\s*/i)
    .map((part) => cleanPhrase(part))
    .filter((part): part is string => part !== undefined);
  return names.length >= 2 ? names : undefined;
}

/** A name phrase without trailing filler ("on a map", "by area", "please", punctuation) or a leading "the". */
function cleanPhrase(phrase: string): string | undefined {
  const cleaned = phrase
    .replace(
      /\s+(?:(?:on|in)\s+(?:a|the)\s+map|by\s+(?:area|size)|as\s+an?\s+\w+|please|sorted\b|ordered\b|ranked\b)\b.*$/i,
      '',
    )
    .replace(/[?!.,;:]+$/g, '')
    .replace(/^(?:the)\s+/i, '')
    .trim();
  return cleaned === '' || cleaned.split(/\s+/).length > 5 ? undefined : cleaned;
}
