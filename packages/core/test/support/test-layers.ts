import { expect } from 'vitest';
import type { McpClientPool } from '../../src/mcp/index.ts';
import type { McpLayer } from '../../src/types/layers.ts';
import type { McpToolClient, ToolOutput } from '../../src/types/tool-call.ts';
import { SchemaValidator } from '../../src/validation/schema-validator.ts';
import type { WebMcpServer } from '../../src/webmcp/webmcp-server.ts';
import { createWebMcpServer } from '../../src/webmcp/webmcp-server.ts';

/**
 * A widget server shaped like autoui's: widget_display validates params against a widget schema, and both
 * it and canvas emit their effects (`widget`, `canvas` events) through the call's `emit`, and both are
 * registered as presentation tools.
 */
export function createTestWidgetServer(): WebMcpServer {
  const server = createWebMcpServer('autoui', { description: 'Widgets' });
  const validator = new SchemaValidator();
  const statCard = {
    type: 'object',
    properties: {
      label: { type: 'string' },
      value: { type: 'string' },
      trend: { type: 'string', enum: ['up', 'down', 'stable'] },
    },
    required: ['label', 'value'],
    additionalProperties: false,
  };
  server.registerTool(
    {
      name: 'widget_display',
      description: 'Display a widget',
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string' }, params: { type: 'object' } },
        required: ['name', 'params'],
      },
      execute: ({ name, params }, context) => {
        if (name !== 'stat-card') return { error: `Unknown widget ${String(name)}` };
        const outcome = validator.validate(statCard, params);
        if (!outcome.valid)
          return { error: 'Validation failed', details: outcome.issues, expected_schema: statCard };
        const id = `w_${context.toolCallId}`;
        const data = params as Record<string, unknown>;
        context.emit?.('widget', { id, type: name, data, toolCallId: context.toolCallId ?? '' });
        return { widget: name, data, id };
      },
    },
    { presentation: 'show data as a widget' },
  );
  server.registerTool(
    {
      name: 'canvas',
      description: 'Arrange widgets',
      inputSchema: {
        type: 'object',
        properties: { action: { type: 'string' }, id: { type: 'string' }, params: { type: 'object' } },
        required: ['action'],
      },
      execute: ({ action, id, params }, context) => {
        context.emit?.('canvas', {
          action: action as 'move',
          id: id as string,
          params: params as Record<string, unknown>,
          toolCallId: context.toolCallId ?? '',
        });
        return { ok: true };
      },
    },
    { presentation: 'move, resize, update, style or clear widgets' },
  );
  server.registerTool({
    name: 'recall',
    description: 'Re-read a compressed result (answered by the dispatcher from the result buffer)',
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    execute: () => {
      throw new Error('recall is answered by the dispatcher');
    },
  });
  return server;
}

/** The seed's weather server: its real tool is get_weather_data; models call it get_forecast. */
export const weatherLayer: McpLayer = {
  protocol: 'mcp',
  serverName: 'weather',
  description: 'Weather forecasts',
  tools: [
    {
      name: 'get_weather_data',
      description: 'Weather forecast for a location',
      inputSchema: {
        type: 'object',
        properties: { location: { type: 'string' }, days: { type: 'integer' } },
        required: ['location'],
      },
    },
    {
      name: 'get_alerts',
      description: 'Weather alerts for a region',
      inputSchema: { type: 'object', properties: { region: { type: 'string' } }, required: ['region'] },
    },
  ],
};

/** An MCP tool client answering like a weather server (the interface the dispatcher calls). */
export function weatherClient(calls: Array<{ tool: string; args: unknown }> = []): McpToolClient {
  return {
    async callTool(tool, args): Promise<ToolOutput> {
      calls.push({ tool, args });
      if (tool === 'get_weather_data')
        return { text: JSON.stringify({ temp: 18, wind: 12 }), isError: false };
      return { text: 'no alerts', isError: false };
    },
  };
}

/**
 * The demo calculator/storage WebMCP server ships with `@switchboard/servers` (core cannot depend on
 * that package); core's tests use it through this one source import.
 */
export { createCalculatorStorageServer } from '../../../servers/src/calculator-storage/create-calculator-storage-server.ts';

/** The layers of the pool's servers, expecting every one of them to have loaded. */
export async function loadedLayers(pool: McpClientPool): Promise<McpLayer[]> {
  const loaded = await pool.layers();
  expect(loaded.failures).toEqual([]);
  return loaded.layers;
}
