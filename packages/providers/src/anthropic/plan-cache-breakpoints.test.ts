import type { ChatMessage, ProviderTool } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { type AnthropicCacheMode, planCacheBreakpoints } from './plan-cache-breakpoints.ts';
import { isCacheableMessage } from './to-anthropic-request.ts';

const tool = (name: string): ProviderTool => ({ name, description: name, input_schema: { type: 'object' } });
const tools = ['search_tools', 'list_servers', 'weather_mcp_forecast', 'maps_mcp_route'].map(tool);
const messages: ChatMessage[] = [
  { role: 'user', content: 'Weather in Paris?' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'search_tools', input: {} }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'found' }] },
  { role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'weather_mcp_forecast', input: {} }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't2', content: '18 °C' }] },
];

function plan(
  overrides: Partial<Parameters<typeof planCacheBreakpoints>[0]> = {},
  mode: AnthropicCacheMode = 'conversation',
) {
  const request = { system: 'You route tools.', tools, messages, ...overrides };
  return planCacheBreakpoints(request, mode, (index) => isCacheableMessage(request.messages[index]));
}

describe('planCacheBreakpoints', () => {
  it('ends prefixes after the tools, the system prompt, the stable history and the last message', () => {
    expect(plan({ stableMessageCount: 3 })).toEqual({ tools: [3], system: true, messages: [2, 4] });
  });

  it('takes all messages but the last as stable when the request does not say', () => {
    expect(plan()).toEqual({ tools: [3], system: true, messages: [3, 4] });
  });

  it("after an activation, ends one at the previous request's tools in place of the system prompt", () => {
    expect(plan({ stableToolCount: 2, stableMessageCount: 3 })).toEqual({
      tools: [1, 3],
      system: false,
      messages: [2, 4],
    });
    // With the whole history stable there is room for all.
    expect(plan({ stableToolCount: 2, stableMessageCount: 5 })).toEqual({
      tools: [1, 3],
      system: true,
      messages: [4],
    });
  });

  it('never uses more than the 4 breakpoints Anthropic allows', () => {
    for (const system of ['', 'prompt']) {
      for (let stableToolCount = 0; stableToolCount <= tools.length + 1; stableToolCount++) {
        for (let stableMessageCount = 0; stableMessageCount <= messages.length + 1; stableMessageCount++) {
          const {
            tools: onTools,
            system: onSystem,
            messages: onMessages,
          } = plan({
            system,
            stableToolCount,
            stableMessageCount,
          });
          expect(onTools.length + Number(onSystem) + onMessages.length).toBeLessThanOrEqual(4);
        }
      }
    }
  });

  it('counts one breakpoint when the stable history is the whole history, and skips empty messages', () => {
    expect(plan({ stableMessageCount: 5 }).messages).toEqual([4]);
    const withEmpty: ChatMessage[] = [...messages.slice(0, 4), { role: 'user', content: '' }];
    expect(plan({ messages: withEmpty, stableMessageCount: 3 }).messages).toEqual([2, 3]);
  });

  it("caches only the tools and system prompt in 'prefix' mode, and nothing when off", () => {
    expect(plan({}, 'prefix')).toEqual({ tools: [3], system: true, messages: [] });
    expect(plan({ stableToolCount: 2 }, 'prefix')).toEqual({ tools: [1, 3], system: true, messages: [] });
    expect(plan({}, 'off')).toEqual({ tools: [], system: false, messages: [] });
  });
});
