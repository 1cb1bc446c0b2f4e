import { describe, expect, it, vi } from 'vitest';
import { loadOnce, whenLoaded } from './lazy-library.ts';

/** A promise with its resolve and reject functions, to settle a load when the test chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('loadOnce', () => {
  it('shares one load between every caller', async () => {
    const load = vi.fn(async () => 'library');
    const get = loadOnce(load);
    await expect(Promise.all([get(), get()])).resolves.toEqual(['library', 'library']);
    await expect(get()).resolves.toBe('library');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('chunk missing'))
      .mockResolvedValueOnce('library');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('chunk missing');
    await expect(get()).resolves.toBe('library');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('whenLoaded', () => {
  it('hands the loaded value over', async () => {
    const onLoad = vi.fn();
    const onError = vi.fn();
    const load = deferred<string>();
    whenLoaded(() => load.promise, onLoad, onError);
    load.resolve('library');
    await vi.waitFor(() => expect(onLoad).toHaveBeenCalledWith('library'));
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports why the load failed', async () => {
    const onLoad = vi.fn();
    const onError = vi.fn();
    whenLoaded(
      () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
      onLoad,
      onError,
    );
    await vi.waitFor(() =>
      expect(onError).toHaveBeenCalledWith('Failed to fetch dynamically imported module'),
    );
    expect(onLoad).not.toHaveBeenCalled();
  });

  it('calls nothing once cancelled before the load settles', async () => {
    const onLoad = vi.fn();
    const onError = vi.fn();
    const loaded = deferred<string>();
    const failed = deferred<string>();
    whenLoaded(() => loaded.promise, onLoad, onError)();
    whenLoaded(() => failed.promise, onLoad, onError)();
    loaded.resolve('library');
    failed.reject(new Error('offline'));
    await Promise.allSettled([loaded.promise, failed.promise]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onLoad).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});
