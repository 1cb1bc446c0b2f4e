import { randomUUID } from 'node:crypto';
import {
  type ClientCapabilities,
  type InputRequest,
  type InputRequests,
  type InputRequiredResult,
  type InputResponses,
  inputRequired,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type RequestStateCodec,
  type ServerContext,
  type StandardSchemaV1Sync,
  specTypeSchemas,
} from '@modelcontextprotocol/server';
import { forwardedElicitation, forwardedSampling } from './asked-by.ts';
import type { EndpointRoundState, RelayedRound } from './endpoint-request-state.ts';
import type { SpentIds } from './spent-ids.ts';

type ElicitParams = Parameters<typeof forwardedElicitation>[1];
type SamplingParams = Parameters<typeof forwardedSampling>[1];

/** What relaying a 2026-07-28 server's rounds needs: the round state's codec, and the rounds answered here. */
export interface RoundRelay {
  requestState: RequestStateCodec<EndpointRoundState>;
  /** Relayed rounds already answered on this replica: a round's answers count once. */
  answered: SpentIds;
}

/** The answer each kind of input request takes (SEP-2322), checked before it reaches the server. */
const ANSWERS: Record<string, StandardSchemaV1Sync<unknown>> = {
  'elicitation/create': specTypeSchemas.ElicitResult,
  'sampling/createMessage': specTypeSchemas.CreateMessageResultWithTools,
  'roots/list': specTypeSchemas.ListRootsResult,
};

/**
 * The capabilities of the `/mcp` client that an underlying server may rely on through the gateway:
 * the kinds of question the gateway relays (forms and links, sampling, roots), as the client
 * declared them. The server then asks only what the client can answer, and refuses with -32021
 * what it cannot do without.
 */
export function relayedCapabilities(client: ClientCapabilities): ClientCapabilities {
  const { elicitation, sampling, roots } = client;
  return {
    ...(elicitation ? { elicitation } : {}),
    ...(sampling ? { sampling } : {}),
    ...(roots ? { roots } : {}),
  };
}

/**
 * Answers a client sends with its first request of a call (no round was relayed yet: a client that
 * knows what a stateless server will ask answers ahead, SEP-2322), for the server: those shaped as
 * an answer of some kind (form or link, sampling, roots); anything else is dropped, and the server
 * asks for what it still needs.
 */
export function answersAhead(responses: Record<string, unknown> | undefined): InputResponses | undefined {
  if (responses === undefined || responses === null || typeof responses !== 'object') return undefined;
  const answers: InputResponses = {};
  for (const [key, answer] of Object.entries(responses)) {
    const shaped = Object.values(ANSWERS).some(
      (schema) => schema['~standard'].validate(answer).issues === undefined,
    );
    if (shaped) answers[key] = answer as InputResponses[string];
  }
  return Object.keys(answers).length > 0 ? answers : undefined;
}

/**
 * The client's answers to a relayed round, for the server: only those to what the server asked,
 * each checked to be an answer of its kind. Throws a JSON-RPC error (invalid params) for a round
 * answered before on this replica (a replayed request state) or an answer of the wrong shape.
 */
export function relayedAnswers(
  relay: RelayedRound,
  responses: Record<string, unknown> | undefined,
  answered: SpentIds,
): InputResponses {
  if (!answered.spend(relay.round)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'Invalid requestState: this round was answered already. Call again without requestState to start over.',
    );
  }
  return checkedAnswers(relay.asked, responses);
}

/**
 * The client's answers to what a server asked (`asked`: key → method), for the server: only those
 * to a key asked, each checked to be an answer of its kind. Throws a JSON-RPC error (invalid
 * params) for an answer of the wrong shape.
 */
export function checkedAnswers(
  asked: Readonly<Record<string, string>>,
  responses: Record<string, unknown> | undefined,
): InputResponses {
  const answers: InputResponses = {};
  for (const [key, method] of Object.entries(asked)) {
    if (responses === undefined || !Object.hasOwn(responses, key)) continue;
    const answer = responses[key];
    const checked = ANSWERS[method]?.['~standard'].validate(answer);
    if (!checked || checked.issues !== undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Invalid inputResponses: ${JSON.stringify(key.slice(0, 100))} does not answer the ${method} request it was asked with.`,
      );
    }
    answers[key] = answer as InputResponses[string];
  }
  return answers;
}

/**
 * A server's `input_required` round as the gateway puts it to its client: the same keys and
 * requests, each form, link and sampling request naming the server that asks (as every forwarded
 * question does), and the gateway's own request state, signed, wrapping the server's (which the
 * gateway echoes to it on the next round) with what was asked, so the answers can be checked.
 */
export async function relayedInputRequired(
  server: string,
  result: InputRequiredResult,
  round: Pick<EndpointRoundState, 'call'> & { approved?: boolean },
  ctx: ServerContext,
  codec: RequestStateCodec<EndpointRoundState>,
): Promise<InputRequiredResult> {
  const { inputRequests, asked } = namedQuestions(server, result);
  const relay: RelayedRound = {
    round: randomUUID(),
    asked,
    ...(result.requestState !== undefined ? { serverState: result.requestState } : {}),
    ...(round.approved ? { approved: true } : {}),
  };
  return inputRequired({
    ...(Object.keys(inputRequests).length > 0 ? { inputRequests } : {}),
    requestState: await codec.mint({ call: round.call, relay }, ctx),
  });
}

/**
 * A server's questions as the gateway puts them to its client: the same keys and requests, each
 * form, link and sampling request naming the server; and what was asked (key → method), to check
 * the answers against.
 */
export function namedQuestions(
  server: string,
  result: InputRequiredResult,
): { inputRequests: InputRequests; asked: Record<string, string> } {
  const inputRequests: InputRequests = {};
  const asked: Record<string, string> = {};
  for (const [key, request] of Object.entries(result.inputRequests ?? {})) {
    inputRequests[key] = named(server, request);
    asked[key] = request.method;
  }
  return { inputRequests, asked };
}

/**
 * The -32021 error a server answered a relayed request with (it needs a capability the client did
 * not declare), as the gateway answers its client: the capabilities it needs, and which server
 * needs them. Undefined for any other failure.
 */
export function missingCapabilityOf(
  error: unknown,
  server: string,
): MissingRequiredClientCapabilityError | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ProtocolError && cause.code === ProtocolErrorCode.MissingRequiredClientCapability) {
      const data = cause.data as { requiredCapabilities?: ClientCapabilities } | undefined;
      const required = data?.requiredCapabilities ?? {};
      return new MissingRequiredClientCapabilityError(
        { requiredCapabilities: required },
        `The MCP server ${JSON.stringify(server)} needs the client capabilities ${JSON.stringify(required)}, which this client does not declare.`,
      );
    }
  }
  return undefined;
}

function named(server: string, request: InputRequest): InputRequest {
  if (request.method === 'elicitation/create') {
    const { message, _meta, ...rest } = forwardedElicitation(server, request.params as ElicitParams);
    if (rest.mode === 'url') return inputRequired.elicitUrl({ message, url: rest.url, _meta });
    return inputRequired.elicit({ message, requestedSchema: rest.requestedSchema, _meta });
  }
  if (request.method === 'sampling/createMessage') {
    const { task: _task, ...params } = forwardedSampling(
      server,
      request.params as SamplingParams,
    ) as SamplingParams & {
      task?: unknown;
    };
    return inputRequired.createMessage(params as Parameters<typeof inputRequired.createMessage>[0]);
  }
  return request;
}
