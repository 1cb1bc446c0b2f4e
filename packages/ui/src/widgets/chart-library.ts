import { loadOnce } from './lazy-library.ts';

/**
 * Chart.js with every chart type, scale and plugin registered, imported on first use so that it
 * lands in a chunk of its own instead of the page's main bundle.
 */
export const loadChartJs = loadOnce(async () => {
  const { Chart, registerables } = await import('chart.js');
  Chart.register(...registerables);
  return Chart;
});
