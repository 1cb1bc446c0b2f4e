/** What an alias resolves to: a widget and params it implies (e.g. `bar-chart` → chart with type bar). */
export interface WidgetAlias {
  name: string;
  defaults?: Record<string, unknown>;
}

/** Names models often use for built-in widgets, keyed by their {@link aliasKey}. */
export const WIDGET_ALIASES: Readonly<Record<string, WidgetAlias>> = Object.freeze({
  kpi: { name: 'stat-card' },
  metric: { name: 'stat' },
  statistic: { name: 'stat' },
  keyvalue: { name: 'kv' },
  keyvalues: { name: 'kv' },
  properties: { name: 'kv' },
  datatable: { name: 'table' },
  bar: { name: 'chart', defaults: { type: 'bar' } },
  barchart: { name: 'chart', defaults: { type: 'bar' } },
  line: { name: 'chart', defaults: { type: 'line' } },
  linechart: { name: 'chart', defaults: { type: 'line' } },
  area: { name: 'chart', defaults: { type: 'area' } },
  areachart: { name: 'chart', defaults: { type: 'area' } },
  pie: { name: 'chart', defaults: { type: 'pie' } },
  piechart: { name: 'chart', defaults: { type: 'pie' } },
  donut: { name: 'chart', defaults: { type: 'donut' } },
  donutchart: { name: 'chart', defaults: { type: 'donut' } },
  doughnut: { name: 'chart', defaults: { type: 'donut' } },
  scatter: { name: 'chart', defaults: { type: 'scatter' } },
  scatterplot: { name: 'chart', defaults: { type: 'scatter' } },
  graph: { name: 'chart' },
  geomap: { name: 'map' },
  images: { name: 'gallery' },
  imagegallery: { name: 'gallery' },
  photos: { name: 'gallery' },
  card: { name: 'cards' },
  text: { name: 'markdown' },
  md: { name: 'markdown' },
  json: { name: 'json-viewer' },
  jsontree: { name: 'json-viewer' },
  logs: { name: 'log' },
  parliament: { name: 'hemicycle' },
  seats: { name: 'hemicycle' },
  flow: { name: 'sankey' },
  progressbar: { name: 'progress' },
  chips: { name: 'tags' },
  badges: { name: 'tags' },
  buttons: { name: 'actions' },
  people: { name: 'trombinoscope' },
  team: { name: 'trombinoscope' },
  slides: { name: 'carousel' },
  slideshow: { name: 'carousel' },
  layout: { name: 'grid' },
  dashboard: { name: 'grid' },
  notice: { name: 'alert' },
  callout: { name: 'alert' },
});

/** The comparison key of a widget name: lowercase letters and digits only (`Stat_Card` → `statcard`). */
export function aliasKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}
