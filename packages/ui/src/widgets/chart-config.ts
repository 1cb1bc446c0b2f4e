import type { ChartConfiguration, ChartDataset } from 'chart.js';
import type { WidgetData } from './widget-data.ts';
import { paletteColor } from './widget-data.ts';

/**
 * The Chart.js configuration of a `chart` widget: area is a filled line, donut a doughnut, scatter
 * points come from {x, y} objects (or index/value pairs), pie and donut colour each slice.
 */
export function chartConfig(data: WidgetData): ChartConfiguration {
  const kind = String(data.type ?? 'bar');
  const series: Array<{ name?: string; data?: unknown[]; color?: string }> = Array.isArray(data.series)
    ? data.series
    : [];
  const labels: unknown[] = Array.isArray(data.labels) ? data.labels : [];
  const slices = kind === 'pie' || kind === 'donut';
  const datasets = series.map((entry, index): ChartDataset => {
    const color = entry.color ?? paletteColor(index);
    const values = Array.isArray(entry.data) ? entry.data : [];
    const base = { label: entry.name ?? `Series ${index + 1}` };
    if (kind === 'scatter') {
      const points = values.map((value, position) =>
        typeof value === 'object' && value !== null ? value : { x: position, y: value },
      );
      return {
        ...base,
        data: points as Array<{ x: number; y: number }>,
        backgroundColor: color,
        borderColor: color,
      };
    }
    if (slices)
      return {
        ...base,
        data: values as number[],
        backgroundColor: values.map((_, slice) => paletteColor(slice)),
      };
    return {
      ...base,
      data: values as number[],
      backgroundColor: kind === 'area' ? `${color}55` : color,
      borderColor: color,
      fill: kind === 'area',
      tension: kind === 'line' || kind === 'area' ? 0.25 : 0,
    };
  });
  const type =
    kind === 'area' ? 'line' : kind === 'donut' ? 'doughnut' : (kind as 'bar' | 'line' | 'pie' | 'scatter');
  const unit = typeof data.unit === 'string' ? ` ${data.unit}` : '';
  return {
    type,
    data: { labels: labels.map(String), datasets },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: { duration: 250 },
      plugins: {
        legend: { display: datasets.length > 1 || slices },
        tooltip: {
          callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${item.formattedValue}${unit}` },
        },
      },
      ...(slices
        ? {}
        : {
            scales: {
              x: {
                stacked: data.stacked === true,
                title: { display: Boolean(data.xLabel), text: String(data.xLabel ?? '') },
              },
              y: {
                stacked: data.stacked === true,
                title: { display: Boolean(data.yLabel), text: String(data.yLabel ?? '') },
              },
            },
          }),
    },
  } as ChartConfiguration;
}
