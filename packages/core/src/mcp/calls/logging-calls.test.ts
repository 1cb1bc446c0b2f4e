import { describe, expect, test } from 'vitest';
import { LoggingCalls } from './logging-calls.ts';

/** `messages` as `calls` sends them on from the stream of the call tagged `tag`: log messages marked. */
function marked(calls: LoggingCalls, tag: string, messages: unknown[]): unknown[] {
  return messages.map((message) => {
    const data = calls.mark(message, tag);
    return data === undefined ? message : JSON.parse(data);
  });
}

const log = (data: string, _meta?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  method: 'notifications/message',
  params: { level: 'info', data, ...(_meta ? { _meta } : {}) },
});

describe('LoggingCalls', () => {
  test('marks the log messages of a call’s stream as its own, and reads them back as the server sent them', () => {
    const calls = new LoggingCalls();
    const progress = {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 1, progress: 1 },
    };
    const [plain, withMeta, other] = marked(calls, '7', [log('a'), log('b', { trace: 'x' }), progress]);
    expect(other).toEqual(progress);
    const read = (message: unknown) => calls.read((message as ReturnType<typeof log>).params as never);
    expect(read(plain)).toEqual({ message: log('a').params, loggingCall: '7' });
    expect(read(withMeta)).toEqual({ message: log('b', { trace: 'x' }).params, loggingCall: '7' });
  });

  test('a message on no call’s stream is unattributed, and a server cannot name a call by itself', () => {
    const calls = new LoggingCalls();
    const [ours] = marked(calls, '7', [log('a')]);
    const key = Object.keys((ours as ReturnType<typeof log>).params._meta ?? {})[0];
    // Another connection's key (as a server that saw one might send it) means nothing here.
    const forged = log('b', { [key]: '7' }).params as never;
    expect(new LoggingCalls().read(forged)).toEqual({ message: forged });
    expect(calls.read(log('c').params as never)).toEqual({ message: log('c').params });
  });
});
