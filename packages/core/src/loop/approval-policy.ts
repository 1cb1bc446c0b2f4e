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

/** Rules are tried in order (first match wins); then annotation defaults; then `defaultAction`. */
export interface ApprovalPolicy {
  rules?: ApprovalRule[];
  /** Action for tools annotated `readOnlyHint: true` when no rule matched. */
  readOnly?: ApprovalAction;
  /** Action for tools annotated `destructiveHint: true` when no rule matched. */
  destructive?: ApprovalAction;
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
  if (annotations?.readOnlyHint === true && policy.readOnly) return policy.readOnly;
  if (annotations?.destructiveHint === true && policy.destructive) return policy.destructive;
  return policy.defaultAction ?? 'allow';
}
