import {
  type CallToolResult,
  type ClientCapabilities,
  type InputRequiredResult,
  inputRequired,
  type LoggingMessageNotificationParams,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import type { CallServerRequests, ToolProgress } from '@switchboard/core';
import type { User } from '../auth/user.ts';
import type { CallGate, GatePass } from '../calls/call-gate.ts';
import { asCaller } from '../upstream/caller-identity.ts';
import { forwardedElicitation, forwardedSampling } from './asked-by.ts';
import type { EndpointTool } from './endpoint-catalog.ts';
import { callDigest, type EndpointRoundState, type RelayedRound } from './endpoint-request-state.ts';
import { EndpointTasks } from './endpoint-tasks.ts';
import { declaresForms, elicitationRefusal, ParkableCall, type StartCall } from './parkable-call.ts';
import type { ParkedCalls } from './parked-calls.ts';
import {
  answersAhead,
  missingCapabilityOf,
  type RoundRelay,
  relayedAnswers,
  relayedCapabilities,
  relayedInputRequired,
} from './relayed-rounds.ts';
import { servedInRounds } from './served-in-rounds.ts';
import type { ToolApproval } from './tool-approval.ts';
import { type RoundOutcome, upstreamRound } from './upstream-round.ts';

/** What a call through `/mcp` needs from the gateway. */
export interface EndpointCallDeps extends RoundRelay {
  /** The gateway's call gate: rate limit, approval policy, audit row. */
  calls: CallGate;
  /** Puts the gateway's approval question to the person through the client. */
  approval: ToolApproval;
  /** Signs and verifies the state of 2026-07-28 rounds (the server's `requestState.verify`). */
  requestState: RequestStateCodec<EndpointRoundState>;
  /** Calls waiting for a 2026-07-28 client's answers to their 2025-era server's questions. */
  parked: ParkedCalls;
  /** Runs long calls as tasks for clients that declare the tasks extension (absent: no tasks). */
  tasks?: EndpointTasks;
}

/** How long the person may take to answer a server's question forwarded to the client (ms). */
const PERSON_TIMEOUT_MS = 600_000;

type ElicitParams = Parameters<ServerContext['mcpReq']['elicitInput']>[0];
type SamplingParams = Parameters<ServerContext['mcpReq']['requestSampling']>[0];

const tracer = trace.getTracer('@switchboard/server', '0.1.0');

/**
 * Runs one tool for a user through their own connection to its server, under the gateway's call
 * gate (the per-minute rate limit shared with chat, the approval policy, a row in the audit trail,
 * written behind the call in batches), with the caller identity shipped servers key their data on
 * and an OTel span. The server's result comes back as it was (content of every kind,
 * `structuredContent`, `_meta`); the server's progress and log messages go to the client, and its
 * elicitation and sampling requests too when the client declared them, each naming the server
 * (see {@link forwardedElicitation}): on 2025 sessions as requests to the client; on 2026-07-28,
 * which has no server-to-client requests, as `input_required` rounds: a 2026-07-28 server's own
 * rounds relayed as they are (keys, its request state wrapped in the gateway's, the client's
 * capabilities passed on, so it asks only what the client can answer; see {@link relayedInputRequired}),
 * a 2025-era server's requests while its call waits (see {@link ParkableCall}). Each round is a
 * request the call gate counts and decides; a round approved once is not asked about again.
 */
export async function callEndpointTool(
  deps: EndpointCallDeps,
  user: User,
  tool: EndpointTool,
  args: Record<string, unknown>,
  ctx: ServerContext,
  client: ClientCapabilities,
): Promise<CallToolResult | InputRequiredResult> {
  const inRounds = servedInRounds(ctx);
  const call = callDigest(tool, args);
  const state = inRounds ? ctx.mcpReq.requestState<EndpointRoundState>() : undefined;
  if (typeof state === 'object' && state !== null && (state.parked !== undefined || state.relay)) {
    if (state.call !== call) return errorResult(OTHER_CALL);
    if (state.parked !== undefined) {
      const parked = deps.parked.take(state.parked, user.id);
      return parked ? playRound(deps, parked, ctx) : errorResult(NOT_WAITING);
    }
  }
  const relay = typeof state === 'object' && state?.call === call ? state.relay : undefined;

  const gate = await deps.calls.admit({ user, via: 'mcp', serverName: tool.serverName, tool: tool.tool });
  const { verdict } = gate;
  if (verdict.action === 'rate_limited' || verdict.action === 'deny') return errorResult(verdict.message);
  const askedBefore = verdict.action === 'ask' && relay?.approved === true;
  if (verdict.action === 'ask' && !askedBefore) {
    const approval = await deps.approval.ask(verdict.subject, tool, args, ctx, declaresForms(client));
    if (!approval.run) {
      if (approval.status !== 'asked') await gate.record(approval.status, textOf(approval.result));
      return approval.result;
    }
  }
  const audit = gate.record;

  const start: StartCall = (relay, signal) =>
    traced(user, tool, async () => {
      try {
        const result = (await asCaller(user.id, () =>
          tool.connection.callToolResult(tool.tool.name, args, { signal, ...relay }),
        )) as CallToolResult;
        await audit(result.isError ? 'tool_error' : 'ok', result.isError ? textOf(result) : undefined);
        return result;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await audit('failed', message);
        return errorResult(message);
      }
    });
  if (inRounds && (await tool.connection.asksInRounds({ signal: ctx.mcpReq.signal }))) {
    const approved = verdict.action === 'ask';
    const fresh = state === undefined;
    return relayRound(deps, user, tool, args, ctx, client, { call, relay, approved, fresh }, audit);
  }
  if (inRounds && (client.elicitation || client.sampling))
    return playRound(deps, new ParkableCall(user.id, call, client, tool.serverName, start), ctx);
  return start(
    {
      serverRequests: forwardedRequests(ctx, client, tool.serverName),
      onProgress: (progress) => sendProgress(ctx, progress),
    },
    ctx.mcpReq.signal,
  );
}

/**
 * One round of a call to a 2026-07-28 server, relayed: the client's answers to the previous round
 * (checked) and the server's request state go to the server with the client's capabilities; the
 * server's result comes back, or its next questions as the gateway's `input_required` round. A
 * server refusing for want of a client capability (-32021) is the client's error too. For a client
 * that declares the tasks extension, a first round that takes long becomes a task (see
 * {@link EndpointTasks}).
 */
async function relayRound(
  deps: EndpointCallDeps,
  user: User,
  tool: EndpointTool,
  args: Record<string, unknown>,
  ctx: ServerContext,
  client: ClientCapabilities,
  round: {
    call: string;
    relay: RelayedRound | undefined;
    approved: boolean;
    /** The request carries no state of the gateway's: answers it sends ahead may go to the server. */
    fresh: boolean;
  },
  audit: GatePass['record'],
): Promise<CallToolResult | InputRequiredResult> {
  const { relay } = round;
  const inputResponses = relay
    ? relayedAnswers(relay, ctx.mcpReq.inputResponses, deps.answered)
    : round.fresh
      ? answersAhead(ctx.mcpReq.inputResponses)
      : undefined;
  const input = {
    ...(inputResponses ? { inputResponses } : {}),
    ...(relay?.serverState !== undefined ? { serverState: relay.serverState } : {}),
    clientCapabilities: relayedCapabilities(client),
  };
  const listen = {
    onProgress: (progress: ToolProgress) => sendProgress(ctx, progress),
    onLog: (message: LoggingMessageNotificationParams, server: string) => sendLog(ctx, message, server),
  };
  const answer = async (outcome: RoundOutcome): Promise<CallToolResult | InputRequiredResult> => {
    if (outcome.kind === 'failed') {
      const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      await audit('failed', message);
      const missing = missingCapabilityOf(outcome.error, tool.serverName);
      if (missing) throw missing;
      return errorResult(message);
    }
    if (outcome.kind === 'input') {
      const approved = round.approved || relay?.approved === true;
      return relayedInputRequired(
        tool.serverName,
        outcome.input,
        { call: round.call, approved },
        ctx,
        deps.requestState,
      );
    }
    const { result } = outcome;
    await audit(result.isError ? 'tool_error' : 'ok', result.isError ? textOf(result) : undefined);
    return result;
  };
  if (deps.tasks && EndpointTasks.declaredBy(client)) {
    const approved = round.approved || relay?.approved === true;
    return (await deps.tasks.runOrTask({ user, tool, args, input, approved }, audit, answer, listen)) as
      | CallToolResult
      | InputRequiredResult;
  }
  return answer(await upstreamRound(user, tool, args, input, { signal: ctx.mcpReq.signal, ...listen }));
}

/** Runs `run` in the OTel span of one `/mcp` tool call, marked failed when it throws or ends in an error result. */
function traced<T extends CallToolResult | InputRequiredResult>(
  user: User,
  tool: EndpointTool,
  run: () => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan('mcp_endpoint.tools_call', async (span) => {
    span.setAttributes({ 'mcp.server': tool.serverName, 'mcp.tool': tool.tool.name, 'enduser.id': user.id });
    try {
      const result = await run();
      if ('isError' in result && result.isError) span.setStatus({ code: SpanStatusCode.ERROR });
      return result;
    } catch (error) {
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.message : String(error),
      });
      throw error;
    } finally {
      span.end();
    }
  });
}

const OTHER_CALL =
  'This requestState belongs to another tool call: retry a call with the tool and arguments it was given for.';
const NOT_WAITING =
  'The call these answers are for is no longer waiting on this gateway (it was answered already, waited too long, or runs on another replica). Call the tool again.';
const TOO_MANY_WAITING =
  "The server asked a question, and too many calls already wait for their users' answers on this gateway; the call was cancelled. Try again later.";

/**
 * One 2026-07-28 round of a call whose server may ask: its result, or its questions as an
 * `input_required` answer whose request state names the call, parked until the client retries.
 */
async function playRound(
  deps: EndpointCallDeps,
  call: ParkableCall,
  ctx: ServerContext,
): Promise<CallToolResult | InputRequiredResult> {
  const round = await call.round(ctx);
  if (round.done) return round.result;
  const parked = deps.parked.park(call);
  if (parked === undefined) {
    call.abort(TOO_MANY_WAITING);
    await call.outcome;
    return errorResult(TOO_MANY_WAITING);
  }
  return inputRequired({
    inputRequests: round.inputRequests,
    requestState: await deps.requestState.mint({ call: call.call, parked }, ctx),
  });
}

function sendProgress(ctx: ServerContext, progress: ToolProgress): void {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return;
  void ctx.mcpReq
    .notify({ method: 'notifications/progress', params: { progressToken: token, ...progress } })
    .catch(() => undefined);
}

/** Sends a server's log message to the client, on the request's response (named by its logger, else the server). */
function sendLog(ctx: ServerContext, message: LoggingMessageNotificationParams, server: string): void {
  void ctx.mcpReq.log(message.level, message.data, message.logger ?? server).catch(() => undefined);
}

/**
 * The answers to what `server` asks during a 2025 session's call: those the client declared, each
 * naming the server, and logs.
 */
function forwardedRequests(
  ctx: ServerContext,
  client: ClientCapabilities,
  server: string,
): CallServerRequests {
  return {
    onLog: (message, server) => sendLog(ctx, message, server),
    // The client and server packages declare the same protocol types separately.
    ...(client.elicitation
      ? {
          elicitation: async (params) => {
            const refused = elicitationRefusal(params, client);
            if (refused) throw new Error(refused);
            return ctx.mcpReq.elicitInput(forwardedElicitation(server, params) as ElicitParams, {
              timeout: PERSON_TIMEOUT_MS,
            });
          },
        }
      : {}),
    ...(client.sampling
      ? {
          sampling: (params) =>
            ctx.mcpReq.requestSampling(forwardedSampling(server, params) as SamplingParams, {
              timeout: PERSON_TIMEOUT_MS,
            }) as ReturnType<NonNullable<CallServerRequests['sampling']>>,
        }
      : {}),
  };
}

/** A tool-level error result with one text block. */
export function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function textOf(result: CallToolResult): string {
  return result.content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n')
    .slice(0, 2000);
}
