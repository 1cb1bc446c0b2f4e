import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';
import type { MessageListenerTarget } from './window-message-transport.ts';
import { WindowMessageTransport } from './window-message-transport.ts';

const SANDBOX = 'http://localhost:4173';
const PING: JSONRPCMessage = { jsonrpc: '2.0', id: 1, method: 'ping' };

function setup() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const listenOn: MessageListenerTarget = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const peer = { postMessage: vi.fn() } as unknown as Window;
  const transport = new WindowMessageTransport({ peer: () => peer, peerOrigin: SANDBOX, listenOn });
  const received: JSONRPCMessage[] = [];
  const errors: string[] = [];
  transport.onmessage = (message) => received.push(message);
  transport.onerror = (error) => errors.push(error.message);
  const deliver = (source: unknown, origin: string, data: unknown) => {
    for (const listener of listeners) listener({ source, origin, data } as MessageEvent);
  };
  return { transport, peer, listeners, received, errors, deliver };
}

describe('WindowMessageTransport', () => {
  it('delivers JSON-RPC from the sandbox window and origin', async () => {
    const { transport, peer, received, deliver } = setup();
    await transport.start();
    deliver(peer, SANDBOX, PING);
    expect(received).toEqual([PING]);
  });

  it('ignores a message from another window, even with the sandbox origin', async () => {
    const { transport, received, errors, deliver } = setup();
    await transport.start();
    deliver({ postMessage() {} }, SANDBOX, PING);
    deliver(null, SANDBOX, PING);
    expect(received).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('ignores a message from the sandbox window with another origin (the frame was navigated away)', async () => {
    const { transport, peer, received, deliver } = setup();
    await transport.start();
    deliver(peer, 'https://evil.example', PING);
    deliver(peer, 'null', PING);
    deliver(peer, 'http://127.0.0.1:4173', PING);
    expect(received).toEqual([]);
  });

  it('drops what is not JSON-RPC and reports it', async () => {
    const { transport, peer, received, errors, deliver } = setup();
    await transport.start();
    deliver(peer, SANDBOX, 'hello');
    deliver(peer, SANDBOX, { method: 'ping' });
    expect(received).toEqual([]);
    expect(errors).toHaveLength(2);
  });

  it('posts only to the sandbox origin, never to "*"', async () => {
    const { transport, peer } = setup();
    await transport.send(PING);
    expect(peer.postMessage).toHaveBeenCalledWith(PING, SANDBOX);
  });

  it('stops listening on close', async () => {
    const { transport, listeners } = setup();
    const closed = vi.fn();
    transport.onclose = closed;
    await transport.start();
    expect(listeners.size).toBe(1);
    await transport.close();
    expect(listeners.size).toBe(0);
    expect(closed).toHaveBeenCalledOnce();
  });

  it('refuses a peer origin that is not an http(s) origin', () => {
    const listenOn = { addEventListener() {}, removeEventListener() {} };
    for (const peerOrigin of ['*', 'null', 'http://localhost:4173/sandbox.html'])
      expect(() => new WindowMessageTransport({ peer: () => null, peerOrigin, listenOn })).toThrow(
        /http\(s\) origin/,
      );
  });
});
