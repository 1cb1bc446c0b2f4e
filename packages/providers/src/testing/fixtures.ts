import { readFileSync } from 'node:fs';
import type { FakeStreamReply } from './fake-model-server.ts';

/** The recorded streams shipped in `fixtures/`, named `<vendor>/<case>`. */
export type FixtureName =
  | 'anthropic/text'
  | 'anthropic/parallel-tool-use'
  | 'anthropic/malformed-tool-input'
  | 'anthropic/overloaded-mid-stream'
  | 'anthropic/max-tokens'
  | 'openai/text'
  | 'openai/parallel-tool-calls'
  | 'openai/length'
  | 'openai/error-mid-stream';

/** The wire text of a recorded stream. */
export function readFixture(name: FixtureName): string {
  return readFileSync(new URL(`./fixtures/${name}.sse`, import.meta.url), 'utf8');
}

/** A fake-server reply that replays a recorded stream; `options` can cut it or hold it open. */
export function fixtureReply(
  name: FixtureName,
  options: Omit<FakeStreamReply, 'kind' | 'body'> = {},
): FakeStreamReply {
  return { kind: 'stream', body: readFixture(name), ...options };
}
