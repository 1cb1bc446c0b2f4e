/** Longest delay a timer can take (larger values would fire at once). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Runs one tool call under its own cancellation scope: `run` gets a signal that aborts when
 * `parent` does (with the parent's reason) or after `timeoutMs` (with a `TimeoutError`), and
 * the returned promise rejects at that moment with an actionable error, even when the tool
 * ignores its signal. Costs one AbortController, one timer and one listener per call — far
 * less than `AbortSignal.any([parent, AbortSignal.timeout(ms)])` plus a listener on the
 * composite, which every layer below (SDK, transport, fetch) would then follow again.
 * A `timeoutMs` that is not a finite number a timer can hold means no timeout.
 */
export async function guardCall<T>(
  parent: AbortSignal,
  timeoutMs: number,
  name: string,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  if (parent.aborted) throw cancelledError(name);
  const controller = new AbortController();
  let stop: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  const onAbort = () => {
    controller.abort(parent.reason);
    stop(cancelledError(name));
  };
  const timer =
    Number.isFinite(timeoutMs) && timeoutMs <= MAX_TIMER_MS
      ? setTimeout(() => {
          controller.abort(
            new DOMException(`The tool call timed out after ${timeoutMs} ms.`, 'TimeoutError'),
          );
          stop(
            new Error(
              `${name} timed out after ${timeoutMs} ms; try again, narrow the request, or use another tool`,
            ),
          );
        }, timeoutMs)
      : undefined;
  parent.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([run(controller.signal), stopped]);
  } finally {
    clearTimeout(timer);
    parent.removeEventListener('abort', onAbort);
  }
}

function cancelledError(name: string): Error {
  return new Error(`${name} was cancelled`);
}
