import {
  Client,
  type ClientContext,
  type ClientOptions,
  type Implementation,
  LOG_LEVEL_META_KEY,
  type LoggingLevel,
} from '@modelcontextprotocol/client';
import type { AskingCalls } from './asking-calls.ts';

type NonCompleteResolver = Client['_resolveNonCompleteResult'];

/**
 * The SDK client, with the input requests embedded in a tool call's `input_required` result
 * (MCP 2026-07-28) attributed to that call: the SDK's own multi-round-trip driver fulfils them
 * through the registered handlers, and each handler's context is noted in `asking` as the
 * call's (the call's tag travels in its request options).
 *
 * Under 2026-07-28 a server sends log messages for a request only when the request asks for a
 * level (`io.modelcontextprotocol/logLevel` in its `_meta`): with a `logLevel`, every request
 * asks for it, beside the protocol version and capabilities the SDK's envelope carries. A
 * 2025-era connection has no envelope, and nothing is added.
 */
export class CallAwareClient extends Client {
  readonly #asking: AskingCalls;
  readonly #logLevel: LoggingLevel | undefined;

  constructor(
    clientInfo: Implementation,
    options: ClientOptions,
    asking: AskingCalls,
    logLevel?: LoggingLevel,
  ) {
    super(clientInfo, options);
    this.#asking = asking;
    this.#logLevel = logLevel;
  }

  protected override _outboundMetaEnvelope(): Readonly<Record<string, unknown>> | undefined {
    const envelope = super._outboundMetaEnvelope();
    if (envelope === undefined || this.#logLevel === undefined) return envelope;
    return { ...envelope, [LOG_LEVEL_META_KEY]: this.#logLevel };
  }

  protected override _resolveNonCompleteResult(
    ...[decoded, flow]: Parameters<NonCompleteResolver>
  ): ReturnType<NonCompleteResolver> {
    const tag = this.#asking.tagIn(flow.options?.headers);
    if (tag === undefined) return super._resolveNonCompleteResult(decoded, flow);
    // The driver builds every handler context of this flow through `this.buildContext`: run it
    // on a view of this client whose contexts are noted as the call's.
    const view: Client = Object.create(this);
    const build = (context: ClientContext) => this.#asking.markEmbedded(super.buildContext(context), tag);
    Object.defineProperty(view, 'buildContext', { value: build });
    return super._resolveNonCompleteResult.call(view, decoded, flow);
  }
}
