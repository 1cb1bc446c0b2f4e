import { actions } from './actions.ts';
import { alert } from './alert.ts';
import { cards } from './cards.ts';
import { carousel } from './carousel.ts';
import { chart } from './chart.ts';
import { code } from './code.ts';
import { form } from './form.ts';
import { gallery } from './gallery.ts';
import { grid } from './grid.ts';
import { hemicycle } from './hemicycle.ts';
import { jsonViewer } from './json-viewer.ts';
import { kv } from './kv.ts';
import { list } from './list.ts';
import { log } from './log.ts';
import { map } from './map.ts';
import { markdown } from './markdown.ts';
import { profile } from './profile.ts';
import { progress } from './progress.ts';
import { sankey } from './sankey.ts';
import { stat } from './stat.ts';
import { statCard } from './stat-card.ts';
import { table } from './table.ts';
import { tabs } from './tabs.ts';
import { tags } from './tags.ts';
import { timeline } from './timeline.ts';
import { trombinoscope } from './trombinoscope.ts';

/** Every built-in widget, in the order the catalog lists them. */
export const BUILT_IN_WIDGETS = Object.freeze([
  stat,
  statCard,
  kv,
  list,
  table,
  chart,
  map,
  timeline,
  cards,
  gallery,
  profile,
  alert,
  code,
  markdown,
  jsonViewer,
  log,
  hemicycle,
  sankey,
  progress,
  tags,
  actions,
  form,
  carousel,
  trombinoscope,
  tabs,
  grid,
] as const);

/** The name of a built-in widget: what a renderer map must cover (see `WidgetDefinition.name`). */
export type BuiltInWidgetName = (typeof BUILT_IN_WIDGETS)[number]['name'];
