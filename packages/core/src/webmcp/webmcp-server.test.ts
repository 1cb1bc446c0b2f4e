import { describe, expect, it, vi } from 'vitest';
import { createWebMcpServer, ToolInputError } from './webmcp-server.ts';

const echo = {
  name: 'echo',
  description: 'Echoes its text',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute: ({ text }: Record<string, unknown>) => `echo: ${text as string}`,
};

describe('createWebMcpServer', () => {
  it('registers a tool in the document.modelContext shape and executes it with validation', async () => {
    const server = createWebMcpServer('page', { description: 'Page tools' });
    server.registerTool(echo);
    expect(await server.executeTool('echo', { text: 'hi' })).toBe('echo: hi');
    await expect(server.executeTool('echo', {})).rejects.toBeInstanceOf(ToolInputError);
    await expect(server.executeTool('echo', {})).rejects.toThrow('/text required');
  });

  it('unregisters a tool when its registration signal is aborted, and notifies listeners', () => {
    const server = createWebMcpServer('page', { description: 'Page tools' });
    const listener = vi.fn();
    server.onToolsChanged(listener);
    const registration = new AbortController();
    server.registerTool(echo, { signal: registration.signal });
    expect(server.listTools().map((tool) => tool.name)).toEqual(['echo']);
    registration.abort();
    expect(server.listTools()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('gives tools without a schema an empty object schema and exposes a layer', () => {
    const server = createWebMcpServer('page', { description: 'Page tools' });
    server.registerTool({ name: 'ping', description: 'Ping', execute: () => 'pong' });
    expect(server.layer()).toMatchObject({
      protocol: 'webmcp',
      serverName: 'page',
      description: 'Page tools',
      tools: [{ name: 'ping', inputSchema: { type: 'object', properties: {} } }],
    });
  });

  it('lists the tools registered as presentation tools in its layer, in order, while they are registered', () => {
    const server = createWebMcpServer('ui', { description: 'UI' });
    const pin = new AbortController();
    server.registerTool({ ...echo, name: 'pin' }, { presentation: 'pin a note', signal: pin.signal });
    server.registerTool(echo);
    server.registerTool({ ...echo, name: 'show' }, { presentation: 'show a card' });
    expect(server.layer().presentationTools).toEqual([
      { name: 'pin', purpose: 'pin a note' },
      { name: 'show', purpose: 'show a card' },
    ]);
    pin.abort();
    server.registerTool({ ...echo, name: 'show' });
    expect(server.layer()).not.toHaveProperty('presentationTools');
  });

  it('names the available tools when asked for an unknown one', async () => {
    const server = createWebMcpServer('page', { description: 'Page tools' });
    server.registerTool(echo);
    await expect(server.executeTool('nope', {})).rejects.toThrow('Available: echo');
  });

  it('passes the abort signal and progress callback to the handler', async () => {
    const server = createWebMcpServer('page', { description: 'Page tools' });
    const onProgress = vi.fn();
    server.registerTool({
      name: 'work',
      description: 'Works',
      execute: (_input, context) => {
        context.onProgress?.({ progress: 1, total: 2 });
        return context.signal.aborted;
      },
    });
    const controller = new AbortController();
    controller.abort();
    expect(await server.executeTool('work', {}, { signal: controller.signal, onProgress })).toBe(true);
    expect(onProgress).toHaveBeenCalledWith({ progress: 1, total: 2 });
  });
});
