/**
 * Shares one load between every caller: the first call starts `load`, later calls get the same
 * promise. A failed load is forgotten, so the next caller tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/**
 * Starts `load` and hands its value to `onLoad`, or the reason it failed to `onError`, unless the
 * returned cancel function was called first (a component destroyed before its library arrived).
 */
export function whenLoaded<T>(
  load: () => Promise<T>,
  onLoad: (value: T) => void,
  onError: (message: string) => void,
): () => void {
  let cancelled = false;
  load().then(
    (value) => {
      if (!cancelled) onLoad(value);
    },
    (error: unknown) => {
      if (!cancelled) onError(error instanceof Error ? error.message : String(error));
    },
  );
  return () => {
    cancelled = true;
  };
}
