import { randomUUID } from 'node:crypto';
import {
  type CallToolResult,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { type ApprovalPolicy, decideApproval } from '@switchboard/core';
import type { EndpointTool } from './endpoint-catalog.ts';
import { callDigest, type EndpointRoundState, STATE_TTL_SECONDS } from './endpoint-request-state.ts';

/** The key of the approval question in `inputRequests` / `inputResponses`. */
const APPROVAL_KEY = 'approval';
/** The most spent approvals one replica remembers; the oldest are forgotten first. */
const MAX_SPENT = 10_000;

/** What an approval check decided: run the call, or answer the client with this result instead. */
export type ApprovalOutcome =
  | { run: true }
  | { run: false; status: 'denied' | 'declined' | 'refused'; result: CallToolResult }
  | { run: false; status: 'asked'; result: InputRequiredResult };

/**
 * The gateway's approval policy on `/mcp`: a tool the policy denies is refused; one it asks about is
 * put to the person through the client (an elicitation, sent as the SDK's multi-round-trip
 * `input_required` result, which the SDK turns into an `elicitation/create` request on 2025 sessions)
 * when the client declares elicitation, and refused with an explanation otherwise. The answer only
 * counts with the request state minted for this very call (an HMAC over the user, the tool and its
 * arguments, under a key every replica shares), so a client cannot approve a call it was never
 * asked about, and the answer counts on whichever replica it reaches. An approval runs the call
 * once: the same state sent again to this replica asks the person again.
 */
export class ToolApproval {
  readonly #policy: () => Promise<ApprovalPolicy | undefined>;
  readonly #codec: RequestStateCodec<EndpointRoundState>;
  /** Approval question ids already answered here, with when their state stops verifying (ms). */
  readonly #spent = new Map<string, number>();

  constructor(
    policy: () => Promise<ApprovalPolicy | undefined>,
    codec: RequestStateCodec<EndpointRoundState>,
  ) {
    this.#policy = policy;
    this.#codec = codec;
  }

  /** Decides whether `tool` may run with `args` for the request in `ctx`. */
  async check(
    tool: EndpointTool,
    args: Record<string, unknown>,
    ctx: ServerContext,
    clientCanElicit: boolean,
  ): Promise<ApprovalOutcome> {
    const action = decideApproval([await this.#policy()], tool.server, tool.tool.name, tool.tool.annotations);
    if (action === 'allow') return { run: true };
    const subject = `${tool.server}:${tool.tool.name}`;
    if (action === 'deny') {
      return refusal(
        'denied',
        `The gateway's approval policy denies ${subject}; an administrator can change it.`,
      );
    }
    const call = callDigest(tool, args);
    const state = ctx.mcpReq.requestState<EndpointRoundState>();
    const answer = inputResponse(ctx.mcpReq.inputResponses, APPROVAL_KEY);
    if (
      typeof state === 'object' &&
      state?.call === call &&
      state.approval !== undefined &&
      answer.kind === 'elicit' &&
      this.#spend(state.approval)
    ) {
      if (answer.action === 'accept' && answer.content?.approve === true) return { run: true };
      return refusal('declined', `The user did not approve ${subject}; it was not run.`);
    }
    if (!clientCanElicit) {
      return refusal(
        'refused',
        `${subject} needs the user's approval, and this MCP client cannot ask for it (it declares no elicitation capability). Use a client that supports elicitation, or ask an administrator to allow "${subject}" in the gateway's approval policy.`,
      );
    }
    return {
      run: false,
      status: 'asked',
      result: inputRequired({
        inputRequests: {
          [APPROVAL_KEY]: inputRequired.elicit({
            message: `Allow ${subject} to run with ${summarize(args)}?`,
            requestedSchema: {
              type: 'object',
              properties: { approve: { type: 'boolean', title: `Run ${subject}`, default: false } },
              required: ['approve'],
            },
          }),
        },
        requestState: await this.#codec.mint({ call, approval: randomUUID() }, ctx),
      }),
    };
  }

  /** Marks an approval answered; false when it already was (a replayed answer). */
  #spend(approval: string): boolean {
    const now = Date.now();
    if ((this.#spent.get(approval) ?? 0) > now) return false;
    for (const [id, expires] of this.#spent) {
      if (expires > now && this.#spent.size < MAX_SPENT) break;
      this.#spent.delete(id);
    }
    this.#spent.set(approval, now + STATE_TTL_SECONDS * 1000);
    return true;
  }
}

function refusal(status: 'denied' | 'declined' | 'refused', text: string): ApprovalOutcome {
  return { run: false, status, result: { content: [{ type: 'text', text }], isError: true } };
}

function summarize(args: Record<string, unknown>): string {
  const text = JSON.stringify(args);
  return text.length <= 300 ? text : `${text.slice(0, 299)}…`;
}
