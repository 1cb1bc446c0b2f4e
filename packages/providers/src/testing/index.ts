/**
 * @switchboard/providers/testing — a fake model vendor for tests and benchmarks (Node only): a local
 * HTTP server replaying Anthropic and OpenAI wire-format streams, recorded fixtures, and builders.
 */

export {
  ANTHROPIC_MAX_CACHE_BREAKPOINTS,
  anthropicCacheControlError,
} from './anthropic-cache-control-rules.ts';
export { anthropicMessagesError } from './anthropic-message-rules.ts';
export {
  type AnthropicCacheUsage,
  AnthropicPromptCache,
  approximateTokens,
  CACHE_LOOKBACK_BLOCKS,
  minimumCacheableTokens,
} from './anthropic-prompt-cache.ts';
export { ANTHROPIC_REQUEST_LIMITS, anthropicRequestError } from './anthropic-request-limits.ts';
export { collectEvents } from './collect-events.ts';
export {
  type FakeJsonReply,
  type FakeModelServer,
  type FakeModelServerOptions,
  type FakeReply,
  type FakeScript,
  type FakeStreamReply,
  type RecordedRequest,
  startFakeModelServer,
} from './fake-model-server.ts';
export { type FixtureName, fixtureReply, readFixture } from './fixtures.ts';
export {
  anthropicErrorMidStream,
  cutMidStream,
  openaiErrorMidStream,
  type StreamErrorBody,
} from './mid-stream-failures.ts';
export { openaiMessagesError } from './openai-message-rules.ts';
export { OPENAI_REQUEST_LIMITS, openaiRequestError } from './openai-request-limits.ts';
export { insufficientQuota, type RetryAfter, rateLimitedFor } from './rate-limit-replies.ts';
export {
  anthropicError,
  anthropicStream,
  openaiError,
  openaiStream,
  rateLimited,
  type WireReply,
} from './wire-streams.ts';
