import { createAutoUiServer } from '@switchboard/autoui';
import type { AgentEvent } from '@switchboard/core';
import { createCalculatorStorageServer } from '@switchboard/servers/browser';
import { describe, expect, it, vi } from 'vitest';
import { registerPageTools } from '../src/lib/webmcp/register-page-tools.ts';

describe('registerPageTools', () => {
  it('registers every tool as {server}_{tool} and unregisters them by aborting', async () => {
    const registered = new Map<string, { execute: (input: Record<string, unknown>) => Promise<unknown> }>();
    const modelContext = {
      registerTool: vi.fn((tool, options?: { signal?: AbortSignal }) => {
        registered.set(tool.name, tool);
        options?.signal?.addEventListener('abort', () => registered.delete(tool.name));
      }),
    };
    const unregister = registerPageTools(modelContext, [createCalculatorStorageServer()]);
    expect([...registered.keys()]).toEqual([
      'calculator_calculate',
      'calculator_set-storage',
      'calculator_get-storage',
    ]);
    await expect(
      registered.get('calculator_calculate')?.execute({ operation: 'add', a: 1, b: 2 }),
    ).resolves.toBe('3');
    unregister();
    expect(registered.size).toBe(0);
  });

  it("hands on the effects a tool emits, such as autoui's widget", async () => {
    const registered = new Map<string, { execute: (input: Record<string, unknown>) => Promise<unknown> }>();
    const modelContext = { registerTool: vi.fn((tool) => void registered.set(tool.name, tool)) };
    const effects: AgentEvent[] = [];
    registerPageTools(modelContext, [createAutoUiServer()], (event) => effects.push(event));
    const shown = (await registered
      .get('autoui_widget_display')
      ?.execute({ name: 'stat', params: { label: 'Sales', value: 3 } })) as { id: string };
    expect(effects).toMatchObject([
      {
        type: 'CUSTOM',
        name: 'widget',
        value: { id: shown.id, type: 'stat', data: { label: 'Sales', value: 3 } },
      },
    ]);
  });

  it('does nothing without document.modelContext', () => {
    expect(() => registerPageTools(undefined, [createCalculatorStorageServer()])()).not.toThrow();
  });
});
