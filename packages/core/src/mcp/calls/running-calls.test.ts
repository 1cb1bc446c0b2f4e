import { describe, expect, test, vi } from 'vitest';
import type { CallServerRequests } from '../../types/layers.ts';
import { RunningCalls } from './running-calls.ts';

const params = {
  mode: 'form' as const,
  message: 'Name?',
  requestedSchema: { type: 'object' as const, properties: {} },
};
const serverContext = { server: 'srv', signal: new AbortController().signal };

function run(answer = 'accept' as const): CallServerRequests {
  return { elicitation: vi.fn(async () => ({ action: answer })) };
}

describe('RunningCalls', () => {
  test('a request goes to the call that can answer it, and holds both deadlines meanwhile', async () => {
    const calls = new RunningCalls();
    const requests = run();
    const holdDeadline = vi.fn(() => () => {});
    const call = calls.begin(
      { signal: new AbortController().signal, serverRequests: requests, holdDeadline },
      1_000,
    );
    const hold = vi.spyOn(call.deadline, 'hold');
    const route = calls.handler('elicitation', true, undefined);
    expect(await route?.(params, serverContext)).toEqual({ action: 'accept' });
    expect(requests.elicitation).toHaveBeenCalledWith(params, serverContext);
    expect(hold).toHaveBeenCalledTimes(1);
    expect(holdDeadline).toHaveBeenCalledTimes(1);
    call.end();
  });

  test('two calls of one run share its answer; calls of two runs make the request ambiguous and it is refused', async () => {
    const calls = new RunningCalls();
    const first = run();
    const a = calls.begin({ signal: new AbortController().signal, serverRequests: first }, 1_000);
    const b = calls.begin({ signal: new AbortController().signal, serverRequests: first }, 1_000);
    const route = calls.handler('elicitation', true, undefined);
    expect(await route?.(params, serverContext)).toEqual({ action: 'accept' });
    const c = calls.begin({ signal: new AbortController().signal, serverRequests: run('accept') }, 1_000);
    await expect(route?.(params, serverContext)).rejects.toThrow(
      /2 conversations .* cannot reach the wrong person/,
    );
    for (const call of [a, b, c]) call.end();
    await expect(route?.(params, serverContext)).rejects.toThrow(/no tool call that can answer elicitation/);
  });

  test('a call that cannot answer counts: an unattributed request while it runs beside another run’s call is refused, never given to that run', async () => {
    const calls = new RunningCalls();
    const theirs = run();
    const mine = calls.begin({ signal: new AbortController().signal }, 1_000);
    const other = calls.begin({ signal: new AbortController().signal, serverRequests: theirs }, 1_000);
    const route = calls.handler('elicitation', true, undefined);
    await expect(route?.(params, serverContext)).rejects.toThrow(
      /2 conversations .* cannot reach the wrong person/,
    );
    await expect(
      route?.(params, { ...serverContext, askingCall: mine.tag } as typeof serverContext),
    ).rejects.toThrow(/the tool call that sent this elicitation request has ended or cannot answer it/);
    expect(theirs.elicitation).not.toHaveBeenCalled();
    expect(
      await route?.(params, { ...serverContext, askingCall: other.tag } as typeof serverContext),
    ).toEqual({ action: 'accept' });
    mine.end();
    expect(await route?.(params, serverContext)).toEqual({ action: 'accept' });
    other.end();
  });

  test('a request that names its call goes to that call alone, though other conversations’ calls run; one naming an ended call is refused', async () => {
    const calls = new RunningCalls();
    const [mine, theirs] = [run(), run('accept')];
    const holdMine = vi.fn(() => () => {});
    const holdTheirs = vi.fn(() => () => {});
    const a = calls.begin(
      { signal: new AbortController().signal, serverRequests: mine, holdDeadline: holdMine },
      1_000,
    );
    const b = calls.begin(
      { signal: new AbortController().signal, serverRequests: theirs, holdDeadline: holdTheirs },
      1_000,
    );
    expect(a.tag).not.toBe(b.tag);
    const route = calls.handler('elicitation', true, undefined);
    expect(await route?.(params, { ...serverContext, askingCall: a.tag } as typeof serverContext)).toEqual({
      action: 'accept',
    });
    expect(mine.elicitation).toHaveBeenCalledWith(params, {
      ...serverContext,
      signal: expect.any(AbortSignal),
    });
    expect(theirs.elicitation).not.toHaveBeenCalled();
    expect([holdMine.mock.calls.length, holdTheirs.mock.calls.length]).toEqual([1, 0]);
    a.end();
    await expect(
      route?.(params, { ...serverContext, askingCall: a.tag } as typeof serverContext),
    ).rejects.toThrow(/the tool call that sent this elicitation request has ended/);
    expect(theirs.elicitation).not.toHaveBeenCalled();
    b.end();
  });

  test('without calls that can answer, the connection’s own handler answers; with neither, nothing is declared', async () => {
    const calls = new RunningCalls();
    const fallback = vi.fn(async () => ({ action: 'decline' as const }));
    expect(await calls.handler('elicitation', true, fallback)?.(params, serverContext)).toEqual({
      action: 'decline',
    });
    expect(calls.handler('sampling', false, undefined)).toBeUndefined();
  });

  test('a call’s signal follows its caller, and aborts with a timeout once its deadline passes', async () => {
    vi.useFakeTimers();
    try {
      const calls = new RunningCalls();
      const caller = new AbortController();
      const cancelled = calls.begin({ signal: caller.signal }, 100);
      caller.abort(new Error('stop'));
      expect(cancelled.signal.aborted).toBe(true);
      expect(cancelled.timedOut).toBe(false);
      const quiet = calls.begin({ signal: new AbortController().signal }, 100);
      quiet.deadline.touch();
      vi.advanceTimersByTime(100);
      expect(quiet.timedOut).toBe(true);
      expect((quiet.signal.reason as DOMException).name).toBe('TimeoutError');
    } finally {
      vi.useRealTimers();
    }
  });

  test('a log message goes to the one run with calls in flight, and never to a run that may not own it (a call without a receiver counts)', () => {
    const calls = new RunningCalls();
    const mine = vi.fn();
    const theirs = vi.fn();
    const fallback = vi.fn();
    const receive = calls.logReceiver(true, fallback);
    const message = { level: 'info' as const, data: 'indexing' };
    const a = calls.begin({ signal: new AbortController().signal, serverRequests: { onLog: mine } }, 1_000);
    receive?.(message, 'srv');
    expect(mine).toHaveBeenCalledWith(message, 'srv');
    const b = calls.begin({ signal: new AbortController().signal, serverRequests: { onLog: theirs } }, 1_000);
    receive?.(message, 'srv');
    expect(mine).toHaveBeenCalledTimes(1);
    expect(theirs).not.toHaveBeenCalled();
    expect(fallback).toHaveBeenCalledTimes(1);
    a.end();
    const silent = calls.begin({ signal: new AbortController().signal }, 1_000);
    receive?.(message, 'srv');
    expect(theirs).not.toHaveBeenCalled();
    expect(fallback).toHaveBeenCalledTimes(2);
    silent.end();
    b.end();
    calls.logReceiver(false, fallback)?.(message, 'srv', b.tag);
    expect(fallback).toHaveBeenLastCalledWith(message, 'srv');
  });

  test('a log message the transport attributes to a call goes to that call alone, though other runs’ calls are in flight', () => {
    const calls = new RunningCalls();
    const [mine, theirs, fallback] = [vi.fn(), vi.fn(), vi.fn()];
    const receive = calls.logReceiver(true, fallback);
    const message = { level: 'info' as const, data: 'indexing' };
    const a = calls.begin({ signal: new AbortController().signal, serverRequests: { onLog: mine } }, 1_000);
    const b = calls.begin({ signal: new AbortController().signal, serverRequests: { onLog: theirs } }, 1_000);
    const silent = calls.begin({ signal: new AbortController().signal }, 1_000);
    receive?.(message, 'srv', a.tag);
    receive?.({ ...message, data: 'sorting' }, 'srv', b.tag);
    expect(mine.mock.calls).toEqual([[message, 'srv']]);
    expect(theirs.mock.calls).toEqual([[{ ...message, data: 'sorting' }, 'srv']]);
    expect(fallback).not.toHaveBeenCalled();
    // A call without a receiver, or one that ended, leaves its message to the connection's own receiver.
    receive?.(message, 'srv', silent.tag);
    a.end();
    receive?.(message, 'srv', a.tag);
    expect(fallback).toHaveBeenCalledTimes(2);
    expect(mine).toHaveBeenCalledTimes(1);
    b.end();
    silent.end();
  });
});
