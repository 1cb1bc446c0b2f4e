import type { ToolCallContext } from '../../types/layers.ts';
import type { McpServerRequestHandlers, ServerRequestContext } from '../../types/server-requests.ts';
import { raceSignal } from '../connection/promise-timing.ts';
import { IdleDeadline } from './idle-deadline.ts';
import type { AttributedLogReceiver, AttributedRequestContext } from './server-requests.ts';

/** One tool call in flight on a connection. */
export interface RunningCall {
  /** Names the call on its connection; a server's request that carries it belongs to this call. */
  readonly tag: string;
  /** Aborts with the caller's signal, or when the call has been quiet too long. */
  readonly signal: AbortSignal;
  readonly deadline: IdleDeadline;
  /** True once the deadline fired. */
  readonly timedOut: boolean;
  /** Ends the call's deadline and its registration. */
  end(): void;
}

type AnswerKind = 'elicitation' | 'sampling';
type Answer = (params: never, context: ServerRequestContext) => Promise<unknown>;

/**
 * The tool calls in flight on one connection, and where a server's own request goes. When the
 * transport tells which call asked (its tag), to that call; else, when all running calls share
 * one answerer (the calls of one run), to it: a call that cannot answer counts too, so a question
 * it asked never reaches another run's person. Failing that, to the connection's own handler, else
 * it is refused with a message saying why. While a person answers, the deadlines of the calls asked hold;
 * when the call that asked is cancelled, its question is withdrawn (the answerer's signal fires, and
 * the request fails with an `AbortError`).
 */
export class RunningCalls {
  readonly #calls = new Map<RunningCall, ToolCallContext>();
  #nextTag = 1;

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
      tag: String(this.#nextTag++),
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
   * The connection's receiver of server logs: a message the transport attributes to a call goes to
   * that call's receiver (to `fallback` when it has none or has ended). Any other message goes to
   * the one run with calls in flight, else to `fallback`; with calls of several runs in flight (or
   * a call with no receiver beside another's) it goes to `fallback` alone, or nowhere.
   */
  logReceiver(
    fromCalls: boolean,
    fallback: McpServerRequestHandlers['onLog'],
  ): AttributedLogReceiver | undefined {
    // The connection's own receiver gets what its type promises, the message and the server alone.
    if (!fromCalls) return fallback && ((message, server) => fallback(message, server));
    return (message, server, loggingCall) => {
      // A call without a receiver counts too: its server's messages must not reach another run.
      const logging = [...this.#calls].filter(
        ([call]) => loggingCall === undefined || call.tag === loggingCall,
      );
      const owners = new Set(logging.map(([, context]) => context.serverRequests?.onLog));
      const [only] = owners;
      if (owners.size === 1 && only) only(message, server);
      else fallback?.(message, server);
    };
  }

  /**
   * The connection's handler of `kind`: routes to the running call that asked (or, when the
   * transport does not tell, the answerer all running calls share), falling back to `fallback`.
   * Undefined when neither calls nor the fallback can ever answer.
   */
  handler<K extends AnswerKind>(
    kind: K,
    fromCalls: boolean,
    fallback: McpServerRequestHandlers[K],
  ): McpServerRequestHandlers[K] {
    if (!fromCalls && !fallback) return undefined;
    const route = async (params: never, context: AttributedRequestContext) => {
      const { askingCall, ...plain } = context;
      // Every call that may have asked counts, those that cannot answer too: a question one of them
      // asked must not reach the answerer of another.
      const asking = [...this.#calls].filter(([call]) => askingCall === undefined || call.tag === askingCall);
      const owners = new Set(
        asking.map(([, callContext]) => callContext.serverRequests?.[kind] as Answer | undefined),
      );
      const [only] = owners;
      // The call known to have asked: when it is cancelled, the question is withdrawn.
      const [asker] = askingCall === undefined ? [] : asking.map(([call]) => call);
      const withdrawn = () =>
        new DOMException(`the tool call that asked this ${kind} request was cancelled`, 'AbortError');
      const answering = asker ? { ...plain, signal: AbortSignal.any([plain.signal, asker.signal]) } : plain;
      if (owners.size === 1 && only)
        return raceSignal(
          this.#holding(asking, () => only(params, answering)),
          asker?.signal,
          withdrawn,
        );
      if (!fallback) throw new Error(refusal(kind, owners, askingCall !== undefined));
      // The connection's own handler answers; the call that asked, when known, waits for it.
      const held = asking.filter(([call]) => call === asker);
      return raceSignal(
        this.#holding(held, () => (fallback as Answer)(params, answering)),
        asker?.signal,
        withdrawn,
      );
    };
    return route as McpServerRequestHandlers[K];
  }

  /** Runs `answer` with the deadlines of `calls` (theirs and their callers') held until it settles. */
  async #holding<T>(calls: [RunningCall, ToolCallContext][], answer: () => Promise<T>): Promise<T> {
    const releases = calls.flatMap(([call, callContext]) => [
      call.deadline.hold(),
      callContext.holdDeadline?.() ?? (() => {}),
    ]);
    try {
      return await answer();
    } finally {
      for (const release of releases) release();
    }
  }
}

/**
 * Why a request no running call can take is refused; `owners` are the answerers of the calls that
 * may have asked (undefined for calls that cannot answer).
 */
function refusal(kind: AnswerKind, owners: Set<Answer | undefined>, attributed: boolean): string {
  if (attributed) return `the tool call that sent this ${kind} request has ended or cannot answer it`;
  if (owners.size <= 1) return `no tool call that can answer ${kind} is running on this connection`;
  return `${owners.size} conversations have tool calls running on this server, and the transport does not say which one asked; the ${kind} request is refused so it cannot reach the wrong person`;
}
