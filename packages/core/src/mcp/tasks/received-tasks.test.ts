import type { Result, Task } from '@modelcontextprotocol/client';
import { describe, expect, test } from 'vitest';
import { RECEIVED_TASK_LIMITS, ReceivedTasks } from './received-tasks.ts';

const LIMITS = { ...RECEIVED_TASK_LIMITS, maxTasks: 3 };
const never = (signal: AbortSignal) =>
  new Promise<Result>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

describe('ReceivedTasks', () => {
  test('a task lives no longer than the longest TTL allowed, and the server’s shorter one is kept', () => {
    const tasks = new ReceivedTasks(() => {}, LIMITS);
    const long = tasks.create('elicitation', 24 * 3_600_000, () => Promise.resolve({}));
    const short = tasks.create('sampling', 5_000, () => Promise.resolve({}));
    const unasked = tasks.create('elicitation', undefined, never);
    tasks.close();
    expect([long.task.ttl, short.task.ttl, unasked.task.ttl]).toEqual([
      LIMITS.maxTtlMs,
      5_000,
      LIMITS.defaultTtlMs,
    ]);
  });

  test('once its TTL passed, a task is forgotten and its work abandoned', async () => {
    const tasks = new ReceivedTasks(() => {}, LIMITS);
    let abandoned: unknown;
    const { task } = tasks.create('elicitation', 1, (signal) => {
      signal.addEventListener('abort', () => {
        abandoned = signal.reason;
      });
      return never(signal);
    });
    await expect.poll(() => abandoned).toMatchObject({ name: 'AbortError' });
    expect(() => tasks.get(task.taskId)).toThrow(/Task not found/);
  });

  test('at the cap the oldest ended task makes room; with none ended the request is refused', async () => {
    const announced: Task[] = [];
    const tasks = new ReceivedTasks((task) => announced.push(task), { ...LIMITS, maxTasks: 2 });
    const done = tasks.create('sampling', undefined, () => Promise.resolve({ model: 'm' }));
    const waiting = tasks.create('elicitation', undefined, never);
    await expect.poll(() => announced.map((task) => task.status)).toEqual(['completed']);

    const next = tasks.create('elicitation', undefined, never);
    expect(tasks.list().tasks.map((task) => task.taskId)).toEqual([waiting.task.taskId, next.task.taskId]);
    expect(() => tasks.get(done.task.taskId)).toThrow(/Task not found/);
    expect(() => tasks.create('elicitation', undefined, never)).toThrow(/at most 2 tasks/);
    tasks.close();
    expect(tasks.list().tasks).toEqual([]);
  });

  test('a failed answer fails the task, and tasks/result gives its error', async () => {
    const announced: Task[] = [];
    const tasks = new ReceivedTasks((task) => announced.push(task), LIMITS);
    const { task } = tasks.create('sampling', undefined, () => Promise.reject(new Error('no model')));
    await expect(tasks.result(task.taskId, new AbortController().signal)).rejects.toThrow('no model');
    expect(tasks.get(task.taskId)).toMatchObject({ status: 'failed', statusMessage: 'no model' });
    expect(announced.map(({ status }) => status)).toEqual(['failed']);
    expect(() => tasks.cancel(task.taskId)).toThrow(/already in terminal status 'failed'/);
  });
});
