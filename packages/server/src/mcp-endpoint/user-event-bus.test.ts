import type { ServerEvent } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import type { User } from '../auth/user.ts';
import { UserEventBus } from './user-event-bus.ts';

const alice: User = { id: 'alice', name: 'Alice', role: 'user' };
const bob: User = { id: 'bob', name: 'Bob', role: 'user' };
const toolsChanged: ServerEvent = { kind: 'tools_list_changed' };

describe('UserEventBus', () => {
  it("gives a user's event to the streams opened while serving that user, across awaits", async () => {
    const bus = new UserEventBus();
    const heard: string[] = [];
    await bus.serve(alice, async () => {
      await Promise.resolve();
      bus.subscribe(() => heard.push('alice'));
    });
    bus.serve(bob, () => bus.subscribe(() => heard.push('bob')));
    bus.publishTo((user) => user.id === 'alice', toolsChanged);
    expect(heard).toEqual(['alice']);
  });

  it("tells everyone on publish (the SDK's notify), and never picks a stream opened outside serve", () => {
    const bus = new UserEventBus();
    const heard: string[] = [];
    bus.subscribe(() => heard.push('nobody'));
    bus.serve(bob, () => bus.subscribe(() => heard.push('bob')));
    bus.publishTo(() => true, toolsChanged);
    expect(heard).toEqual(['bob']);
    bus.publish(toolsChanged);
    expect(heard).toEqual(['bob', 'nobody', 'bob']);
  });

  it('stops telling an unsubscribed stream, and one that throws stops no one', () => {
    const bus = new UserEventBus();
    const heard: string[] = [];
    bus.serve(alice, () => {
      bus.subscribe(() => {
        throw new Error('stream closed');
      });
      const stop = bus.subscribe(() => heard.push('gone'));
      bus.subscribe(() => heard.push('kept'));
      stop();
    });
    expect(() => bus.publishTo((user) => user === alice, toolsChanged)).not.toThrow();
    expect(heard).toEqual(['kept']);
  });

  it("gives a server's tool change only to the streams whose tools/list shows that server's tools", () => {
    const bus = new UserEventBus();
    const heard: string[] = [];
    bus.serve(alice, () => bus.subscribe(() => heard.push('every server')));
    bus.serve(
      alice,
      () => bus.subscribe(() => heard.push('weather only')),
      (serverName) => serverName === 'weather',
    );
    bus.publishTo((user) => user === alice, toolsChanged, 'notes');
    expect(heard).toEqual(['every server']);
    bus.publishTo((user) => user === alice, toolsChanged, 'weather');
    expect(heard).toEqual(['every server', 'every server', 'weather only']);
    bus.publishTo((user) => user === alice, { kind: 'prompts_list_changed' });
    expect(heard).toEqual(['every server', 'every server', 'weather only', 'every server', 'weather only']);
  });
});
