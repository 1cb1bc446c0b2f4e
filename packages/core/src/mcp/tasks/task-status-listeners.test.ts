import type { Task } from '@modelcontextprotocol/client';
import { describe, expect, test } from 'vitest';
import { TaskStatusListeners } from './task-status-listeners.ts';

function task(taskId: string, status: Task['status']): Task {
  const now = new Date().toISOString();
  return { taskId, status, ttl: null, createdAt: now, lastUpdatedAt: now };
}

describe('TaskStatusListeners', () => {
  test('hands an announced status to the call waiting on that task, and no other', async () => {
    const listeners = new TaskStatusListeners();
    const signal = new AbortController().signal;
    const waitingA = listeners.next('a', 60_000, signal);
    const waitingB = listeners.next('b', 1, signal);
    listeners.notify(task('a', 'completed'));
    await expect(waitingA).resolves.toMatchObject({ taskId: 'a', status: 'completed' });
    await expect(waitingB).resolves.toBeUndefined();
  });

  test('drops a status nobody waits for, and stops waiting when the signal fires', async () => {
    const listeners = new TaskStatusListeners();
    listeners.notify(task('a', 'working'));
    const controller = new AbortController();
    const waiting = listeners.next('a', 60_000, controller.signal);
    controller.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    listeners.notify(task('a', 'completed'));
  });
});
