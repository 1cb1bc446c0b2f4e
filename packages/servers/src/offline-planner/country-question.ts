/**
 * A question about countries as the planner understands it: which of the open-data server's query
 * templates answers it (the SQL itself comes from the server's `country-questions` recipe, see
 * `query-templates.ts`), the variant of that template, and the params to pass.
 */
export interface CountryQuestion {
  /** The template's name, e.g. `largest countries by area`. */
  template: string;
  /** A title for the result, e.g. `Largest countries in Africa by area (km²)`. */
  title: string;
  /** The template's variant: filtered by a place, with coordinates for a map, landlocked countries only. */
  variant: TemplateVariant;
  params: unknown[];
}

/** Which variant of a template a question needs (absent flags are false). */
export interface TemplateVariant {
  place?: boolean;
  map?: boolean;
  landlocked?: boolean;
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

/**
 * Recognizes a question about countries that one of the open-data server's query templates answers:
 * ranking by area or neighbours, counting, listing a region (with coordinates when a map is asked
 * for), neighbours of a country, comparing countries, and a country profile. User words only ever go
 * into `params`. Undefined when no template fits.
 */
export function readCountryQuestion(text: string): CountryQuestion | undefined {
  const wantsMap = /\b(?:map|where)\b/i.test(text);
  const landlocked = /\blandlocked\b/i.test(text);
  const compared = comparedCountries(text);
  if (compared !== undefined) {
    return {
      template: 'compare countries',
      title: `Comparison of ${compared.join(', ')}`,
      variant: {},
      params: [compared],
    };
  }
  if (/\bmost\s+(?:land\s+)?(?:neighbou?rs|borders)\b/i.test(text)) return rankByNeighbours(text);
  if (/\b(?:largest|biggest|smallest|tiniest)\b|\btop\s+\d+\b|\branked by area\b/i.test(text)) {
    return rankByArea(text, wantsMap);
  }
  if (/\bhow many\b.*\bcountr/i.test(text)) return count(placeIn(text), landlocked);
  const neighbour = NEIGHBOURS.exec(text);
  if (neighbour && /\bcountr|\bneighbou?r|\bborder/i.test(text)) {
    const country = cleanPhrase(neighbour[1] as string);
    if (country !== undefined) {
      return {
        template: 'neighbours of a country',
        title: `Neighbours of ${country}`,
        variant: { map: wantsMap },
        params: [country],
      };
    }
  }
  const place = placeIn(text);
  if (/\bcountries\b/i.test(text) && (place !== undefined || landlocked))
    return list(place, landlocked, wantsMap);
  const profiled = PROFILE.exec(text);
  const country = profiled ? cleanPhrase(profiled[1] as string) : undefined;
  return country === undefined
    ? undefined
    : { template: 'country profile', title: country, variant: {}, params: [country] };
}

function rankByArea(text: string, wantsMap: boolean): CountryQuestion {
  const smallest = /\b(?:smallest|tiniest)\b/i.test(text);
  const place = placeIn(text);
  const limit = limitOf(text);
  return {
    template: `${smallest ? 'smallest' : 'largest'} countries by area`,
    title: `${smallest ? 'Smallest' : 'Largest'} countries${place ? ` in ${place}` : ''} by area (km²)`,
    variant: { place: place !== undefined, map: wantsMap },
    params: place === undefined ? [limit] : [place, limit],
  };
}

function rankByNeighbours(text: string): CountryQuestion {
  const place = placeIn(text);
  return {
    template: 'countries with the most neighbours',
    title: `Countries${place ? ` in ${place}` : ''} with the most land neighbours`,
    variant: { place: place !== undefined },
    params: place === undefined ? [limitOf(text)] : [place, limitOf(text)],
  };
}

function count(place: string | undefined, landlocked: boolean): CountryQuestion {
  return {
    template: 'how many countries',
    title: `${landlocked ? 'Landlocked countries' : 'Countries'}${place ? ` in ${place}` : ''}`,
    variant: { place: place !== undefined, landlocked },
    params: place === undefined ? [] : [place],
  };
}

function list(place: string | undefined, landlocked: boolean, wantsMap: boolean): CountryQuestion {
  return {
    template: wantsMap ? 'countries of a region on a map' : 'countries of a region',
    title: `${landlocked ? 'Landlocked countries' : 'Countries'}${place ? ` in ${place}` : ''}`,
    variant: { place: place !== undefined, landlocked, map: wantsMap },
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
