import { randomUUID } from 'node:crypto';
import {
  type CallToolResult,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { ASKED_BY_META_KEY } from './asked-by.ts';
import type { EndpointTool } from './endpoint-catalog.ts';
import { callDigest, type EndpointRoundState, STATE_TTL_SECONDS } from './endpoint-request-state.ts';
import { SpentIds } from './spent-ids.ts';

/** The key of the approval question in `inputRequests` / `inputResponses`. */
const APPROVAL_KEY = 'approval';

/** What asking came to: run the call, or answer the client with this result instead. */
export type ApprovalOutcome =
  | { run: true }
  | { run: false; status: 'declined' | 'refused'; result: CallToolResult }
  | { run: false; status: 'asked'; result: InputRequiredResult };

/**
 * The gateway's approval question on `/mcp`, for a call its policy asks about (the call gate decided
 * that): put to the person through the client (an elicitation, sent as the SDK's multi-round-trip
 * `input_required` result, which the SDK turns into an `elicitation/create` request on 2025 sessions),
 * its message starting `[Switchboard gateway]` and its `_meta` saying it is the gateway's approval
 * (a forwarded server's question always names its server instead), when the client declares
 * elicitation, and refused with an explanation otherwise. The answer only
 * counts with the request state minted for this very call (an HMAC over the user, the tool and its
 * arguments, under a key every replica shares), so a client cannot approve a call it was never
 * asked about, and the answer counts on whichever replica it reaches. An approval runs the call
 * once: the same state sent again to this replica asks the person again.
 */
export class ToolApproval {
  readonly #codec: RequestStateCodec<EndpointRoundState>;
  /** Approval question ids already answered here. */
  readonly #spent = new SpentIds(STATE_TTL_SECONDS * 1000);

  constructor(codec: RequestStateCodec<EndpointRoundState>) {
    this.#codec = codec;
  }

  /**
   * Whether `tool`, which the policy asks about (`subject`: `server:tool` as rules read it), may run
   * with `args` for the request in `ctx`: the person's answer when it carries one for this very call,
   * else the question.
   */
  async ask(
    subject: string,
    tool: EndpointTool,
    args: Record<string, unknown>,
    ctx: ServerContext,
    clientCanElicit: boolean,
  ): Promise<ApprovalOutcome> {
    const call = callDigest(tool, args);
    const state = ctx.mcpReq.requestState<EndpointRoundState>();
    const answer = inputResponse(ctx.mcpReq.inputResponses, APPROVAL_KEY);
    if (
      typeof state === 'object' &&
      state?.call === call &&
      state.approval !== undefined &&
      answer.kind === 'elicit' &&
      this.#spent.spend(state.approval)
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
            message: `[Switchboard gateway] Allow ${subject} to run with ${summarize(args)}?`,
            _meta: {
              [ASKED_BY_META_KEY]: { gateway: 'approval', server: tool.serverName, tool: tool.tool.name },
            },
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
}

function refusal(status: 'declined' | 'refused', text: string): ApprovalOutcome {
  return { run: false, status, result: { content: [{ type: 'text', text }], isError: true } };
}

function summarize(args: Record<string, unknown>): string {
  const text = JSON.stringify(args);
  return text.length <= 300 ? text : `${text.slice(0, 299)}…`;
}
