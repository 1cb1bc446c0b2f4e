import type { McpLayer, McpToolDef, WebMcpLayer } from '../types/index.ts';

/** Test fixtures shared by the catalog tests (not exported from the package). */
export function mcpTool(
  name: string,
  description = '',
  inputSchema: McpToolDef['inputSchema'] = { type: 'object' },
): McpToolDef {
  return { name, description, inputSchema };
}

/** A weather server with a recipe-listing tool named browse_skills and no recipes data. */
export function weatherLayer(): McpLayer {
  return {
    protocol: 'mcp',
    serverName: 'Weather',
    description: 'Forecasts and observations for any city.',
    tools: [
      mcpTool('get_weather_data', 'Current weather and forecast for a location.', {
        type: 'object',
        properties: {
          location: { type: 'string', description: 'City name' },
          days: { type: 'integer', minimum: 1 },
          center: {
            type: 'object',
            properties: { lat: { type: 'number' }, lng: { type: 'number' } },
            required: ['lat', 'lng'],
          },
        },
        required: ['location'],
      }),
      mcpTool('browse_skills', 'Browse the skills of this server.'),
      mcpTool('get_alerts', 'Severe weather alerts for a region.', {
        type: 'object',
        properties: { region: { type: 'string' } },
        required: ['region'],
      }),
    ],
  };
}

/** A WebMCP UI layer with recipes, its two presentation tools and recall. */
export function autouiLayer(): WebMcpLayer {
  const execute = () => ({ ok: true });
  return {
    protocol: 'webmcp',
    serverName: 'autoui',
    description: 'Widgets and canvas.',
    tools: [
      {
        ...mcpTool('widget_display', 'Show a widget.', {
          type: 'object',
          properties: { name: { type: 'string' }, params: { type: 'object' } },
          required: ['name'],
        }),
        execute,
      },
      {
        ...mcpTool('canvas', 'Arrange widgets.', {
          type: 'object',
          properties: { action: { enum: ['move', 'clear'] } },
          required: ['action'],
        }),
        execute,
      },
      {
        ...mcpTool('recall', 'Re-read a result.', {
          type: 'object',
          properties: { id: { type: 'string' } },
          required: ['id'],
        }),
        execute,
      },
    ],
    presentationTools: [
      { name: 'widget_display', purpose: 'show data as a widget' },
      { name: 'canvas', purpose: 'move, resize, update, style or clear widgets' },
    ],
    recipes: [
      {
        name: 'Weather dashboard',
        description: 'Show a forecast as stat cards and a chart.',
        body: 'Call widget_display with a stat card per day.',
      },
      { name: 'Compare cities', description: 'Compare two cities side by side in a table.' },
    ],
  };
}
