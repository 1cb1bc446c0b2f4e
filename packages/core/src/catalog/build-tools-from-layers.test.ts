import { describe, expect, it, vi } from 'vitest';
import { checkStrictModeSchema } from '../strict-schema/check-strict-mode-schema.ts';
import { buildToolsFromLayers } from './build-tools-from-layers.ts';
import { autouiLayer, weatherLayer } from './test-layers.ts';

describe('buildToolsFromLayers', () => {
  it('prefixes every tool and sanitizes its schema', () => {
    const tools = buildToolsFromLayers([weatherLayer(), autouiLayer()]);
    expect(tools).toHaveLength(6);
    expect(tools[0]?.name).toBe('weather_mcp_get_weather_data');
    for (const tool of tools) expect(checkStrictModeSchema(tool.input_schema)).toEqual([]);
  });

  it('passes flatten and onSchemaPatch through', () => {
    const onSchemaPatch = vi.fn();
    const tools = buildToolsFromLayers([weatherLayer(), autouiLayer()], { flatten: true, onSchemaPatch });
    expect(Object.keys(tools[0]?.input_schema.properties as object)).toContain('center__lat');
    expect(onSchemaPatch).toHaveBeenCalledWith(
      'autoui_webmcp_widget_display',
      expect.objectContaining({ path: '#/properties/params' }),
    );
  });
});
