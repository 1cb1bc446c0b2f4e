import type { LanguageModel, ModelStreamEvent } from '@switchboard/core';

/**
 * Wraps a model so its text arrives at a reading pace: each text delta waits `delayMs` first. Stops
 * streaming as soon as the request is aborted. Used for scripted demonstrations.
 */
export function pacedModel(model: LanguageModel, delayMs: number): LanguageModel {
  return {
    id: model.id,
    async *stream(request): AsyncIterable<ModelStreamEvent> {
      for await (const event of model.stream(request)) {
        if (event.type === 'text_delta' && delayMs > 0) {
          const waited = await wait(delayMs, request.signal);
          if (!waited) return;
        }
        if (request.signal.aborted) return;
        yield event;
      }
    },
  };
}

function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
