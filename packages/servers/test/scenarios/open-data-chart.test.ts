import { createAutoUiServer } from '@switchboard/autoui';
import { type CustomEventMap, McpConnection, type ToolLayer } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type HttpServing, type ShippedServer, serveHttp, startOpenData } from '../../src/index.ts';
import {
  customEvents,
  latestJson,
  latestToolResults,
  runScripted,
  transcript,
} from '../support/scripted-run.ts';

const QUESTION = 'Which are the five largest countries of South America? Show me a chart.';
const SQL =
  'SELECT name, area FROM countries WHERE subregion = $1 AND area IS NOT NULL ORDER BY area DESC LIMIT $2';
const ROWS = [
  { name: 'Brazil', area: 8515767 },
  { name: 'Argentina', area: 2780400 },
  { name: 'Peru', area: 1285216 },
  { name: 'Colombia', area: 1141748 },
  { name: 'Bolivia', area: 1098581 },
];
const CHART = {
  type: 'bar',
  title: 'Largest countries of South America (km²)',
  labels: ROWS.map((row) => row.name),
  series: [{ name: 'Area (km²)', data: ROWS.map((row) => row.area) }],
};

interface QueryResult {
  rows: Array<{ name: string; area: number }>;
}

/**
 * An open-data question answered with a chart: the model reads the server's recipe, queries the
 * countries database (PGlite, over Streamable HTTP) and shows the rows as a chart through the UI
 * layer's `widget_display` (the autoui WebMCP server).
 */
describe('scenario: an open-data question answered with a chart', () => {
  let openData: ShippedServer;
  let http: HttpServing;
  let connection: McpConnection;
  let layers: ToolLayer[];

  beforeAll(async () => {
    openData = await startOpenData();
    http = await serveHttp(openData.createServer);
    connection = new McpConnection({ name: 'open-data', transport: { type: 'http', url: http.url } });
    layers = [await connection.layer(), createAutoUiServer().layer()];
  });
  afterAll(async () => {
    await connection.close();
    await http.close();
    await openData.close();
  });

  test('recipe → query_sql → widget_display(chart) → answer, with the widget event carrying the rows', async () => {
    const { result, events, model } = await runScripted(
      QUESTION,
      [
        {
          toolCalls: [
            { id: 'recipe', name: 'open_data_mcp_get_recipe', input: { name: 'largest-countries-chart' } },
          ],
        },
        {
          toolCalls: [
            {
              id: 'query',
              name: 'open_data_mcp_query_sql',
              input: { sql: SQL, params: ['South America', 5] },
            },
          ],
        },
        (request) => {
          const { rows } = latestJson<QueryResult>(request);
          const params = {
            type: 'bar',
            title: 'Largest countries of South America (km²)',
            labels: rows.map((row) => row.name),
            series: [{ name: 'Area (km²)', data: rows.map((row) => row.area) }],
          };
          return {
            toolCalls: [
              { id: 'chart', name: 'autoui_webmcp_widget_display', input: { name: 'chart', params } },
            ],
          };
        },
        (request) => {
          const { id } = latestJson<{ id: string }>(request);
          return { text: `Brazil, Argentina and Peru are the largest; the chart (${id}) shows all five.` };
        },
      ],
      {
        layers,
        mcpClients: new Map([['open-data', connection]]),
      },
    );

    expect(result.stopReason).toBe('end_turn');
    const [recipe, query, chart] = transcript(result);
    expect(recipe).toMatchObject({
      name: 'open_data_mcp_get_recipe',
      args: { name: 'largest-countries-chart' },
      isError: false,
    });
    expect(JSON.stringify(recipe.result)).toContain('chart');
    expect(query).toEqual({
      name: 'open_data_mcp_query_sql',
      args: { sql: SQL, params: ['South America', 5] },
      result: { columns: ['name', 'area'], rows: ROWS, rowCount: 5 },
      isError: false,
    });
    expect(chart).toEqual({
      name: 'autoui_webmcp_widget_display',
      args: { name: 'chart', params: CHART },
      result: { widget: 'chart', data: CHART, id: expect.any(String) },
      isError: false,
    });
    expect(result.toolCalls).toHaveLength(3);

    const widgetId = (chart.result as { id: string }).id;
    const widgets = customEvents(events, 'widget') as CustomEventMap['widget'][];
    expect(widgets).toEqual([{ id: widgetId, type: 'chart', data: CHART, toolCallId: 'chart' }]);
    expect(result.text).toBe(
      `Brazil, Argentina and Peru are the largest; the chart (${widgetId}) shows all five.`,
    );

    // The UI tool is offered from the first request; the open-data tools once the server is in use.
    const offered = model.requests.map((request) => request.tools.map((tool) => tool.name));
    expect(offered[0]).toEqual(
      expect.arrayContaining(['open_data_mcp_get_recipe', 'autoui_webmcp_widget_display']),
    );
    expect(offered[1]).toContain('open_data_mcp_query_sql');
    expect(latestToolResults(model.requests[3])[0].is_error).toBeUndefined();
  });
});
