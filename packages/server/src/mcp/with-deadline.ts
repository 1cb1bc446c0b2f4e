/**
 * Runs `fn` with a signal that aborts with a `TimeoutError` after `ms`, as `AbortSignal.timeout`
 * does, but clears its timer once `fn` settles: `AbortSignal.timeout` keeps a timer and its signal
 * alive for the whole `ms` after every call (on a busy gateway, thousands of them at any moment,
 * each outliving the young generation and left for the full collector).
 */
export async function withDeadline<T>(ms: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    ms,
  );
  try {
    return await fn(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}
