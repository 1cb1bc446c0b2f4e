import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardCall } from './guard-call.ts';

const never = () => new Promise<never>(() => {});

afterEach(() => {
  vi.useRealTimers();
});

describe('guardCall', () => {
  it('settles like the call and leaves its signal alone afterwards', async () => {
    const parent = new AbortController();
    let seen: AbortSignal | undefined;
    const value = await guardCall(parent.signal, 1_000, 'srv_mcp_echo', async (signal) => {
      seen = signal;
      return 'done';
    });
    expect(value).toBe('done');
    parent.abort();
    expect(seen?.aborted).toBe(false);
    await expect(
      guardCall(new AbortController().signal, 1_000, 'srv_mcp_echo', async () => {
        throw new Error('tool failed');
      }),
    ).rejects.toThrow('tool failed');
  });

  it('rejects as soon as the parent aborts, and aborts the call with the parent reason', async () => {
    const parent = new AbortController();
    let seen: AbortSignal | undefined;
    const pending = guardCall(parent.signal, 60_000, 'srv_mcp_slow', (signal) => {
      seen = signal;
      return never();
    });
    parent.abort('user pressed stop');
    await expect(pending).rejects.toThrow('srv_mcp_slow was cancelled');
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBe('user pressed stop');
  });

  it('does not start the call when the parent is already aborted', async () => {
    const parent = new AbortController();
    parent.abort();
    const run = vi.fn(async () => 'never');
    await expect(guardCall(parent.signal, 1_000, 'srv_mcp_echo', run)).rejects.toThrow('was cancelled');
    expect(run).not.toHaveBeenCalled();
  });

  it('times out with an actionable error and a TimeoutError reason on the call signal', async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const pending = guardCall(new AbortController().signal, 500, 'srv_mcp_hang', (signal) => {
      seen = signal;
      return never();
    });
    const outcome = expect(pending).rejects.toThrow(
      'srv_mcp_hang timed out after 500 ms; try again, narrow the request, or use another tool',
    );
    await vi.advanceTimersByTimeAsync(500);
    await outcome;
    expect(seen?.reason).toMatchObject({ name: 'TimeoutError' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sets no timer for a timeout no timer can hold', async () => {
    vi.useFakeTimers();
    const parent = new AbortController();
    const pending = guardCall(parent.signal, Number.POSITIVE_INFINITY, 'srv_mcp_slow', never);
    expect(vi.getTimerCount()).toBe(0);
    parent.abort();
    await expect(pending).rejects.toThrow('was cancelled');
  });
});
