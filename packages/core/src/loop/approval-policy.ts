import type { ToolAnnotations } from '../types/layers.ts';
import { matchesGlob } from './match-glob.ts';

/** What to do with a tool call before running it. */
export type ApprovalAction = 'allow' | 'ask' | 'deny';

/**
 * One rule: a `server:tool` glob and its action. `*` matches any run of characters (e.g. `shop:*`,
 * `*:delete_*`), case is ignored, and every other character stands for itself.
 */
export interface ApprovalRule {
  match: string;
  action: ApprovalAction;
}

/**
 * Rules are tried in order (first match wins); then the actions for what the tool's annotations say
 * it does, read as the MCP spec reads them; then `defaultAction`.
 */
export interface ApprovalPolicy {
  rules?: ApprovalRule[];
  /** Action for tools annotated `readOnlyHint: true` when no rule matched. */
  readOnly?: ApprovalAction;
  /**
   * Action for tools that may be destructive when no rule matched: annotated `destructiveHint: true`,
   * or — the MCP default — not annotated read-only and not `destructiveHint: false` (then the stricter
   * of this and `defaultAction`, since the tool never said what it does).
   */
  destructive?: ApprovalAction;
  /** Action for every other tool (default `allow`). */
  defaultAction?: ApprovalAction;
}

/**
 * Every policy a call is under: the deployment's, and a user's or conversation's where there is one
 * (`undefined` entries are skipped). Each decides on its own and the strictest answer wins
 * (deny > ask > allow), so a policy added to the deployment's can only tighten it: ask where the
 * deployment allows, deny where it asks, never allow what it asks about or denies.
 */
export type ApprovalPolicies = readonly (ApprovalPolicy | undefined)[];

const STRICTNESS: Record<ApprovalAction, number> = { allow: 0, ask: 1, deny: 2 };

/**
 * Decides the action for a call to `tool` on `server` (sanitized server name, real tool name)
 * under `policies`: the strictest of what each policy decides; `allow` when there is none.
 */
export function decideApproval(
  policies: ApprovalPolicies,
  server: string,
  tool: string,
  annotations?: ToolAnnotations,
): ApprovalAction {
  let strictest: ApprovalAction = 'allow';
  for (const policy of policies) {
    if (!policy) continue;
    const action = decideOne(policy, `${server}:${tool}`, annotations);
    if (STRICTNESS[action] > STRICTNESS[strictest]) strictest = action;
  }
  return strictest;
}

function decideOne(policy: ApprovalPolicy, subject: string, annotations?: ToolAnnotations): ApprovalAction {
  const rule = policy.rules?.find((candidate) => matchesGlob(candidate.match, subject));
  if (rule) return rule.action;
  const fallback = policy.defaultAction ?? 'allow';
  const readOnly = annotations?.readOnlyHint === true;
  if (readOnly && policy.readOnly) return policy.readOnly;
  if (annotations?.destructiveHint === true && policy.destructive) return policy.destructive;
  // The MCP default: a tool not annotated read-only may change the world, destructively unless it says not.
  if (!readOnly && annotations?.destructiveHint === undefined && policy.destructive)
    return STRICTNESS[policy.destructive] > STRICTNESS[fallback] ? policy.destructive : fallback;
  return fallback;
}
