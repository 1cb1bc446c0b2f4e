import type { Task } from '@modelcontextprotocol/client';

/**
 * Where a server's `notifications/tasks/status` go: to the tool call waiting on that task, which
 * takes the news instead of its next `tasks/get`. A status for a task nobody waits on is dropped.
 */
export class TaskStatusListeners {
  readonly #waiting = new Map<string, (task: Task) => void>();

  /** Passes a status the server announced to the call waiting on its task. */
  notify(task: Task): void {
    this.#waiting.get(task.taskId)?.(task);
  }

  /**
   * Waits `ms` for the next announced status of the task: resolves with it, or with `undefined`
   * once the time is up. Rejects with the signal's reason when it fires.
   */
  next(taskId: string, ms: number, signal: AbortSignal): Promise<Task | undefined> {
    return new Promise((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', abort);
        if (this.#waiting.get(taskId) === announce) this.#waiting.delete(taskId);
      };
      const announce = (task: Task) => {
        finish();
        resolve(task);
      };
      const abort = () => {
        finish();
        reject(signal.reason);
      };
      const timer = setTimeout(() => {
        finish();
        resolve(undefined);
      }, ms);
      this.#waiting.set(taskId, announce);
      signal.addEventListener('abort', abort, { once: true });
      if (signal.aborted) abort();
    });
  }
}
