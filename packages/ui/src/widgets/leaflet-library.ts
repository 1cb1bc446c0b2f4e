import { loadOnce } from './lazy-library.ts';

/** Leaflet and its stylesheet, imported on first use so that they land in a chunk of their own. */
export const loadLeaflet = loadOnce(async () => (await import('./leaflet-with-styles.ts')).default);
