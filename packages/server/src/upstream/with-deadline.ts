import { IdleDeadline } from '@switchboard/core';

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

/**
 * Like {@link withDeadline}, for a tool call that may wait for a person: `fn` also receives
 * `holdDeadline` (pass it as the call's `ToolCallContext.holdDeadline`), which stops the clock
 * while the server's question to the person (a form, a sampling approval) waits for its answer;
 * the full `ms` starts again once it is answered. The question's own timeout bounds that wait.
 */
export async function withCallDeadline<T>(
  ms: number,
  fn: (signal: AbortSignal, holdDeadline: () => () => void) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const deadline = new IdleDeadline(ms, () =>
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
  );
  deadline.touch();
  try {
    return await fn(controller.signal, () => deadline.hold());
  } finally {
    deadline.clear();
  }
}
