import { CanvasModel } from '@switchboard/autoui';
import type { AgentEvent } from '@switchboard/core';
import { createScriptedModel } from '@switchboard/core/testing';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../src/lib/app-config.ts';
import type { RemoteMcpConnections, RemoteMcpStatus } from '../src/lib/standalone/remote-mcp-connections.ts';
import { createStandaloneDriver } from '../src/lib/standalone/standalone-driver.ts';
import { MemoryStorage } from './support/memory-storage.ts';

/** Standalone mode's "Connect" cards come from the driver's `server_needs_authorization` events, like the gateway's. */
describe('standalone driver: servers waiting for authorization', () => {
  const statuses: RemoteMcpStatus[] = [
    { name: 'calc', url: 'https://calc.example/mcp', state: 'connected' },
    {
      name: 'shop',
      url: 'https://shop.example/mcp',
      state: 'unauthorized',
      error: 'Connect shop to use its tools',
    },
  ];
  let lost: (name: string) => void = () => {};
  const remote = {
    layers: () => [],
    clients: () => new Map(),
    statuses: () => statuses,
    onAuthorizationLost: (listener: (name: string) => void) => {
      lost = listener;
      return () => undefined;
    },
  } as unknown as RemoteMcpConnections;

  async function open() {
    const driver = createStandaloneDriver({
      config: DEFAULT_CONFIG,
      canvas: new CanvasModel(),
      storage: new MemoryStorage(),
      model: createScriptedModel([{ text: 'Hello.' }]),
      modelLabel: 'scripted',
      servers: [],
      remote,
    });
    const notices: unknown[] = [];
    await driver.open((event: AgentEvent) => {
      if (event.type === 'CUSTOM' && (event.name as string) === 'server_needs_authorization')
        notices.push(event.value);
    });
    return { driver, notices };
  }

  it('asks for each unauthorized server when a turn starts', async () => {
    const { driver, notices } = await open();
    await driver.send('hi');
    expect(notices).toEqual([
      { server_id: 'shop', server: 'shop', message: 'Connect shop to use its tools' },
    ]);
  });

  it('asks again for a connected server whose authorization ended, with no turn running', async () => {
    const { notices } = await open();
    statuses[0] = { ...statuses[0], state: 'unauthorized', error: 'Connect calc again to use its tools' };
    lost('calc');
    expect(notices).toEqual([
      { server_id: 'calc', server: 'calc', message: 'Connect calc again to use its tools' },
    ]);
  });
});
