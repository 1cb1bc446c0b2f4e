import { isPlainObject } from '@switchboard/core';
import { mainRecords, recordsOf } from './parse-result.ts';

/** A widget to show: the catalog name and its params, as `widget_display` takes them. */
export interface WidgetChoice {
  name: string;
  params: Record<string, unknown>;
}

/** Options of {@link chooseWidget}. */
export interface ChooseWidgetOptions {
  /** A title for the value (the stat label, the heading of a text). */
  title?: string;
  /** The widget names the display tool accepts; any when omitted. */
  allowed?: readonly string[];
}

type Row = Record<string, unknown>;

const LAT = ['lat', 'latitude'];
const LNG = ['lng', 'lon', 'long', 'longitude'];
/** Records with more fields than this read better as a card than as a one-row table. */
const WIDE_RECORD = 6;
const LABEL_KEYS = ['name', 'label', 'title', 'country', 'city', 'code', 'id'];

/**
 * Chooses a widget from a result's shape: a number → `stat`; a list of records with lat/lng → `map`;
 * records of one label and one number → `chart` (bar); other records → `table`; one record with one
 * number → `stat`; text, one record, or anything else → `markdown` (or `text`). When the display tool
 * only accepts some names, the next best accepted one is used (a map or chart falls back to a table,
 * markdown to text). Undefined when no accepted widget fits.
 */
export function chooseWidget(value: unknown, options: ChooseWidgetOptions = {}): WidgetChoice | undefined {
  const candidates = candidatesFor(value, options.title);
  const allowed = options.allowed;
  return candidates.find((candidate) => allowed === undefined || allowed.includes(candidate.name));
}

function candidatesFor(value: unknown, title: string | undefined): WidgetChoice[] {
  const number = asNumber(value);
  if (number !== undefined) return [stat(title ?? 'Result', number), ...textWidgets(String(number))];
  const records = mainRecords(value);
  if (records !== undefined) {
    if (records.length === 1) return oneRecord(records, title);
    const fallback = [titled(table(records), title), ...textWidgets(markdownList(records))];
    if (hasCoordinates(records)) return [titled(map(records), title), ...fallback];
    const series = seriesOf(records);
    return series === undefined ? fallback : [titled(series, title), ...fallback];
  }
  if (isPlainObject(value)) {
    if (isEmptyList(value)) return textWidgets('No results.');
    return single(value, title);
  }
  if (Array.isArray(value)) {
    return textWidgets(
      value.length === 0 ? 'No results.' : value.map((item) => `- ${display(item)}`).join('\n'),
    );
  }
  return textWidgets(typeof value === 'string' ? value : display(value));
}

/** A list of one: a stat for one number, a card (text) for a wide record, else a one-row table. */
function oneRecord(records: Row[], title: string | undefined): WidgetChoice[] {
  const record = records[0] as Row;
  const card = single(record, title);
  const fields = Object.keys(record).length;
  return (card[0] as WidgetChoice).name === 'stat' || fields > WIDE_RECORD ? card : [table(records), ...card];
}

function single(record: Row, title: string | undefined): WidgetChoice[] {
  const entries = Object.entries(record).filter(([, value]) => value !== null && value !== undefined);
  const numbers = entries.filter(([, value]) => typeof value === 'number');
  if (entries.length === 1 && numbers.length === 1) {
    const [key, value] = numbers[0] as [string, number];
    return [stat(title ?? humanize(key), value), ...textWidgets(`${humanize(key)}: ${value}`)];
  }
  const heading = title === undefined ? [] : [`### ${title}`, ''];
  const lines = entries.map(([key, value]) => `- **${humanize(key)}:** ${display(value)}`);
  return [...textWidgets([...heading, ...lines].join('\n')), table([record])];
}

function stat(label: string, value: number): WidgetChoice {
  return { name: 'stat', params: { label, value } };
}

function textWidgets(content: string): WidgetChoice[] {
  return [
    { name: 'markdown', params: { content } },
    { name: 'text', params: { content } },
  ];
}

/** A widget with a title, when there is one (tables, maps and charts show it as their heading). */
function titled(choice: WidgetChoice, title: string | undefined): WidgetChoice {
  return title === undefined ? choice : { ...choice, params: { title, ...choice.params } };
}

function table(records: Row[]): WidgetChoice {
  const keys: string[] = [];
  for (const record of records) {
    for (const [key, value] of Object.entries(record))
      if (isScalar(value) && !keys.includes(key)) keys.push(key);
  }
  return {
    name: 'table',
    params: {
      columns: keys.map((key) => ({ key, label: humanize(key) })),
      rows: records.map((record) => Object.fromEntries(keys.map((key) => [key, record[key] ?? null]))),
    },
  };
}

function map(records: Row[]): WidgetChoice {
  const markers = records.flatMap((record) => {
    const lat = numberField(record, LAT);
    const lng = numberField(record, LNG);
    return lat === undefined || lng === undefined ? [] : [{ lat, lng, label: labelOf(record) }];
  });
  const lats = markers.map((marker) => marker.lat);
  const lngs = markers.map((marker) => marker.lng);
  const spread = Math.max(Math.max(...lats) - Math.min(...lats), Math.max(...lngs) - Math.min(...lngs));
  return {
    name: 'map',
    params: {
      center: [round(average(lats)), round(average(lngs))],
      zoom: spread > 90 ? 1 : spread > 45 ? 2 : spread > 20 ? 3 : spread > 8 ? 4 : 5,
      markers,
    },
  };
}

function seriesOf(records: Row[]): WidgetChoice | undefined {
  const keys = Object.keys(records[0] as Row);
  if (keys.length !== 2) return undefined;
  const numberKey = keys.find((key) => records.every((record) => typeof record[key] === 'number'));
  const labelKey = keys.find(
    (key) => key !== numberKey && records.every((record) => typeof record[key] === 'string'),
  );
  if (numberKey === undefined || labelKey === undefined) return undefined;
  return {
    name: 'chart',
    params: {
      type: 'bar',
      labels: records.map((record) => record[labelKey]),
      series: [{ name: humanize(numberKey), data: records.map((record) => record[numberKey]) }],
    },
  };
}

function hasCoordinates(records: Row[]): boolean {
  return records.some(
    (record) => numberField(record, LAT) !== undefined && numberField(record, LNG) !== undefined,
  );
}

function isEmptyList(record: Row): boolean {
  const arrays = Object.values(record).filter(Array.isArray);
  return (
    arrays.length > 0 &&
    arrays.every((array) => array.length === 0 || recordsOf(array) === undefined) &&
    arrays.some((array) => array.length === 0)
  );
}

function markdownList(records: Row[]): string {
  return records.map((record) => `- ${labelOf(record)}`).join('\n');
}

function labelOf(record: Row): string {
  const key = LABEL_KEYS.find((candidate) => typeof record[candidate] === 'string');
  return key === undefined ? display(record) : String(record[key]);
}

function numberField(record: Row, names: readonly string[]): number | undefined {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(value.trim()))
    return Number(value);
  return undefined;
}

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** `unitPrice` / `official_name` → `Unit price` / `Official name`. */
export function humanize(key: string): string {
  const spaced = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function display(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value);
}

function average(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
