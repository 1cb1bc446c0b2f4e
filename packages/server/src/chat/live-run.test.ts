import { describe, expect, it } from 'vitest';
import type { SequencedEvent, StreamEvent } from '../store/stream-event.ts';
import { LiveRun } from './live-run.ts';

const text = (delta: string): StreamEvent => ({
  type: 'TEXT_MESSAGE_CONTENT',
  messageId: 'm',
  delta,
  timestamp: 0,
});

describe('LiveRun', () => {
  it('numbers events after the stored ones, replays them to late subscribers and tracks what is stored', () => {
    const run = new LiveRun({
      conversationId: 'c',
      runId: 'r',
      firstSeq: 5,
      stored: [{ seq: 5, event: text('ack') }],
    });
    expect(run.push(text('a')).seq).toBe(6);
    expect(run.unstored().map((event) => event.seq)).toEqual([6]);
    run.markStored(6);
    const seen: SequencedEvent[] = [];
    let ended = false;
    const stop = run.subscribe(
      5,
      (event) => seen.push(event),
      () => {
        ended = true;
      },
    );
    run.push(text('b'));
    const closing = [run.number(text('c'))];
    run.deliver(closing);
    run.end();
    stop();
    expect(seen.map((event) => event.seq)).toEqual([6, 7, 8]);
    expect(ended).toBe(true);
    expect(run.unstored().map((event) => event.seq)).toEqual([7, 8]);
  });
});
