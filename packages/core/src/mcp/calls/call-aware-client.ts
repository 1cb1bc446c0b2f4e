import {
  CLIENT_CAPABILITIES_META_KEY,
  Client,
  type ClientCapabilities,
  type ClientContext,
  type ClientOptions,
  type Implementation,
  type JSONRPCRequest,
  LOG_LEVEL_META_KEY,
  type LoggingLevel,
  ProtocolError,
  ProtocolErrorCode,
  type Result,
  type StandardSchemaV1,
  specTypeSchemas,
} from '@modelcontextprotocol/client';
import { isTaskAugmented, ReceivedTasks, type TaskRequestKind } from '../tasks/received-tasks.ts';
import type { AskingCalls } from './asking-calls.ts';

type NonCompleteResolver = Client['_resolveNonCompleteResult'];
type RequestHandler = (request: JSONRPCRequest, ctx: ClientContext) => Promise<Result>;

/** The server requests a client may run as tasks, by method, and their shape (checked before a task is made). */
const TASK_REQUESTS: Readonly<Record<string, { kind: TaskRequestKind; schema: StandardSchemaV1 }>> = {
  'elicitation/create': { kind: 'elicitation', schema: specTypeSchemas.ElicitRequest },
  'sampling/createMessage': { kind: 'sampling', schema: specTypeSchemas.CreateMessageRequest },
};

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
 *
 * A client whose capabilities say it runs elicitation or sampling as tasks (`tasks.requests`, MCP
 * 2025-11-25) answers such a request carrying a `task` parameter with the task at once, and works
 * out the answer through the same handler, validation included ({@link ReceivedTasks}); the
 * handler's signal fires when the task is cancelled, expires or the connection closes. The 2026-07-28
 * envelope leaves the `tasks` capability out: that revision has no server-to-client requests.
 */
export class CallAwareClient extends Client {
  readonly #asking: AskingCalls;
  readonly #logLevel: LoggingLevel | undefined;
  /** The tasks the server asked this client to run; undefined when it declares none. */
  readonly #tasks: ReceivedTasks | undefined;

  constructor(
    clientInfo: Implementation,
    options: ClientOptions,
    asking: AskingCalls,
    logLevel?: LoggingLevel,
  ) {
    super(clientInfo, options);
    this.#asking = asking;
    this.#logLevel = logLevel;
    if (options.capabilities?.tasks?.requests) {
      this.#tasks = new ReceivedTasks((task) => {
        this.notification({ method: 'notifications/tasks/status', params: task }).catch(() => undefined);
      });
      this.#tasks.register(this);
    }
  }

  protected override _outboundMetaEnvelope(): Readonly<Record<string, unknown>> | undefined {
    const envelope = super._outboundMetaEnvelope();
    if (envelope === undefined) return envelope;
    const capabilities = envelope[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
    const { tasks, ...withoutTasks } = capabilities ?? {};
    return {
      ...envelope,
      ...(tasks === undefined ? {} : { [CLIENT_CAPABILITIES_META_KEY]: withoutTasks }),
      ...(this.#logLevel === undefined ? {} : { [LOG_LEVEL_META_KEY]: this.#logLevel }),
    };
  }

  protected override _wrapHandler(method: string, handler: RequestHandler): RequestHandler {
    const answer = super._wrapHandler(method, handler);
    const asTask = TASK_REQUESTS[method];
    if (asTask === undefined) return answer;
    return async (request, ctx) => {
      const tasks = this.#tasks;
      if (tasks === undefined || !isTaskAugmented(request)) return answer(request, ctx);
      const checked = await asTask.schema['~standard'].validate(request);
      if (checked.issues) {
        const problems = checked.issues.map((issue) => issue.message).join('; ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid ${method} request: ${problems}`);
      }
      const { ttl } = (request.params?.task ?? {}) as { ttl?: number };
      // The handler runs past this request's response: its signal is the task's.
      return tasks.create(asTask.kind, ttl, (signal) =>
        answer(request, { ...ctx, mcpReq: { ...ctx.mcpReq, signal } }),
      );
    };
  }

  protected override _onclose(): void {
    this.#tasks?.close();
    super._onclose();
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
