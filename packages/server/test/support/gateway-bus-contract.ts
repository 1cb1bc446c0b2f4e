import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GatewayBus } from '../../src/bus/gateway-bus.ts';

/** Opens one replica's bus on a shared backend; every bus opened with the same prefix hears the others. */
export type OpenBus = (prefix: string) => Promise<GatewayBus>;

/** A channel's messages as one subscriber heard them. */
interface Inbox {
  messages: string[];
  unsubscribe(): Promise<void>;
}

async function inbox(bus: GatewayBus, channel: string): Promise<Inbox> {
  const messages: string[] = [];
  const unsubscribe = await bus.subscribe(channel, (message) => messages.push(message));
  return { messages, unsubscribe };
}

const heard = (box: Inbox, expected: string[]) =>
  vi.waitFor(() => expect(box.messages).toEqual(expected), { timeout: 5_000 });

/**
 * What every {@link GatewayBus} promises, run against one implementation. Messages sent one after
 * another by one process are heard in that order, so a later message a subscriber hears shows that
 * an earlier one it did not hear will not come.
 */
export function describeGatewayBusContract(name: string, open: OpenBus): void {
  describe(`${name} bus contract`, () => {
    const opened: GatewayBus[] = [];
    let prefix = '';
    /** A replica's bus: every one opened in a test shares that test's prefix. */
    const replica = async (ownPrefix = prefix) => {
      const bus = await open(ownPrefix);
      opened.push(bus);
      return bus;
    };
    const fresh = () => {
      prefix = `sbtest:${randomUUID().slice(0, 8)}:`;
    };
    afterEach(async () => {
      await Promise.allSettled(opened.splice(0).map((bus) => bus.close()));
    });

    it('delivers a message to every subscriber of its channel on every replica, the publisher included, as the text it was', async () => {
      fresh();
      const [a, b] = [await replica(), await replica()];
      const onA = await inbox(a, 'control');
      const onB = await inbox(b, 'control');
      const text = JSON.stringify({ type: 'stop', note: 'Ünïcødé "quoted" \\ back\nline 🚦 \'single\'' });
      await a.publish('control', text);
      await Promise.all([heard(onA, [text]), heard(onB, [text])]);
    });

    it('keeps channels apart: names are case-sensitive, long names stay distinct, another prefix is not heard', async () => {
      fresh();
      const [a, b] = [await replica(), await replica()];
      const other = await replica(`${prefix}other:`);
      const long = `events:${'x'.repeat(80)}`;
      const channels = ['events:Conv', 'events:conv', `${long}1`, `${long}2`, `events:${'é'.repeat(40)}🚦`];
      const boxes = await Promise.all(channels.map((channel) => inbox(b, channel)));
      const unheard = await Promise.all(channels.map((channel) => inbox(other, channel)));
      for (const channel of channels) await a.publish(channel, channel);
      await other.publish(channels[0], 'mine');
      await Promise.all(boxes.map((box, i) => heard(box, [channels[i]])));
      await heard(unheard[0], ['mine']);
      for (const box of unheard.slice(1)) expect(box.messages).toEqual([]);
    });

    it('calls every listener of a channel, even after one throws', async () => {
      fresh();
      const [a, b] = [await replica(), await replica()];
      const first = await inbox(b, 'control');
      await b.subscribe('control', () => {
        throw new Error('a failing listener');
      });
      const last = await inbox(b, 'control');
      await a.publish('control', 'one');
      await a.publish('control', 'two');
      await Promise.all([heard(first, ['one', 'two']), heard(last, ['one', 'two'])]);
    });

    it('stops calling an unsubscribed listener, goes on calling the others, and hears a channel again once subscribed again', async () => {
      fresh();
      const [a, b] = [await replica(), await replica()];
      const leaving = await inbox(b, 'events:c1');
      const staying = await inbox(b, 'events:c1');
      const alone = await inbox(b, 'events:c2');
      const witness = await inbox(b, 'control');
      await a.publish('events:c1', '1');
      await heard(leaving, ['1']);
      await leaving.unsubscribe();
      await alone.unsubscribe();
      await a.publish('events:c1', '2');
      await a.publish('events:c2', '2');
      await a.publish('control', 'after');
      await Promise.all([heard(staying, ['1', '2']), heard(witness, ['after'])]);
      expect(leaving.messages).toEqual(['1']);
      expect(alone.messages).toEqual([]);

      const back = await inbox(b, 'events:c2');
      await a.publish('events:c2', '3');
      await heard(back, ['3']);
    });

    it('delivers the messages of one publisher in the order they were published', async () => {
      fresh();
      const [a, b] = [await replica(), await replica()];
      const box = await inbox(b, 'events:ordered');
      const sent = Array.from({ length: 30 }, (_, i) => String(i + 1));
      for (const message of sent) await a.publish('events:ordered', message);
      await heard(box, sent);
    });

    it('hears nothing once closed, while the other replicas go on', async () => {
      fresh();
      const [a, b] = [await replica(), await replica()];
      const onA = await inbox(a, 'control');
      const onB = await inbox(b, 'control');
      await a.publish('control', 'before');
      await Promise.all([heard(onA, ['before']), heard(onB, ['before'])]);
      await b.close();
      await a.publish('control', 'after');
      await heard(onA, ['before', 'after']);
      expect(onB.messages).toEqual(['before']);
    });
  });
}
