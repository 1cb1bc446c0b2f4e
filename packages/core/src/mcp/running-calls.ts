import type { ToolCallContext } from '../types/layers.ts';
import { IdleDeadline } from './idle-deadline.ts';
import type { McpServerRequestHandlers } from './server-requests.ts';

/** One tool call in flight on a connection. */
export interface RunningCall {
  /** Aborts with the caller's signal, or when the call has been quiet too long. */
  readonly signal: AbortSignal;
  readonly deadline: IdleDeadline;
  /** True once the deadline fired. */
  readonly timedOut: boolean;
  /** Ends the call's deadline and its registration. */
  end(): void;
}

type AnswerKind = 'elicitation' | 'sampling';

/**
 * The tool calls in flight on one connection, and where a server's own request goes: to the
 * call that asked when one call (or several of the same run) can answer it — the transport
 * cannot say which call a request belongs to — else to the connection's own handler, else it
 * is refused with a message saying why. While a person answers, the calls' deadlines hold.
 */
export class RunningCalls {
  readonly #calls = new Map<RunningCall, ToolCallContext>();

  /** Registers a call; its deadline starts when the call touches it (once the request is sent). */
  begin(context: ToolCallContext, timeoutMs: number): RunningCall {
    const parent = context.signal;
    const controller = new AbortController();
    const onAbort = () => controller.abort(parent.reason);
    parent.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const deadline = new IdleDeadline(timeoutMs, () => {
      timedOut = true;
      controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
    });
    const call: RunningCall = {
      signal: controller.signal,
      deadline,
      get timedOut() {
        return timedOut;
      },
      end: () => {
        deadline.clear();
        parent.removeEventListener('abort', onAbort);
        this.#calls.delete(call);
      },
    };
    this.#calls.set(call, context);
    if (parent.aborted) onAbort();
    return call;
  }

  /**
   * The connection's receiver of server logs: a message goes to the one run with calls in flight,
   * else to `fallback`; with calls of several runs in flight it goes to `fallback` alone, or nowhere.
   */
  logReceiver(
    fromCalls: boolean,
    fallback: McpServerRequestHandlers['onLog'],
  ): McpServerRequestHandlers['onLog'] {
    if (!fromCalls) return fallback;
    return (message, server) => {
      const owners = new Set([...this.#calls.values()].map((context) => context.serverRequests?.onLog));
      owners.delete(undefined);
      const [only] = owners;
      if (owners.size === 1 && only) only(message, server);
      else fallback?.(message, server);
    };
  }

  /**
   * The connection's handler of `kind`: routes to the running call that can answer, falling
   * back to `fallback`. Undefined when neither calls nor the fallback can ever answer.
   */
  handler<K extends AnswerKind>(
    kind: K,
    fromCalls: boolean,
    fallback: McpServerRequestHandlers[K],
  ): McpServerRequestHandlers[K] {
    if (!fromCalls && !fallback) return undefined;
    const route = (async (params: never, context: never) => {
      const asking = [...this.#calls].filter(([, context]) => context.serverRequests?.[kind] !== undefined);
      const owners = new Set(asking.map(([, context]) => context.serverRequests?.[kind]));
      const [only] = owners;
      if (owners.size === 1 && only) {
        const releases = asking.flatMap(([call, context]) => [
          call.deadline.hold(),
          context.holdDeadline?.() ?? (() => {}),
        ]);
        try {
          return await (only as (p: never, c: never) => Promise<unknown>)(params, context);
        } finally {
          for (const release of releases) release();
        }
      }
      if (fallback) return (fallback as (p: never, c: never) => Promise<unknown>)(params, context);
      throw new Error(
        owners.size === 0
          ? `no tool call that can answer ${kind} is running on this connection`
          : `${owners.size} conversations have tool calls running on this server, and MCP does not say which one asked; the ${kind} request is refused so it cannot reach the wrong person`,
      );
    }) as McpServerRequestHandlers[K];
    return route;
  }
}
