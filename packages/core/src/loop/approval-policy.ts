import type { ToolAnnotations } from '../types/layers.ts';

/** What to do with a tool call before running it. */
export type ApprovalAction = 'allow' | 'ask' | 'deny';

/** One rule: a `server:tool` glob (`*` matches anything, e.g. `shop:*`, `*:delete_*`) and its action. */
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

/** Decides the action for a call to `tool` on `server` (sanitized server name, real tool name). */
export function decideApproval(
  policy: ApprovalPolicy | undefined,
  server: string,
  tool: string,
  annotations?: ToolAnnotations,
): ApprovalAction {
  if (!policy) return 'allow';
  const subject = `${server}:${tool}`;
  const rule = policy.rules?.find((candidate) => globToRegExp(candidate.match).test(subject));
  if (rule) return rule.action;
  if (annotations?.readOnlyHint === true && policy.readOnly) return policy.readOnly;
  if (annotations?.destructiveHint === true && policy.destructive) return policy.destructive;
  return policy.defaultAction ?? 'allow';
}

/** Combines policies: the rules of the more specific one (e.g. a conversation's) are tried first. */
export function combinePolicies(
  specific: ApprovalPolicy | undefined,
  general: ApprovalPolicy | undefined,
): ApprovalPolicy {
  return {
    rules: [...(specific?.rules ?? []), ...(general?.rules ?? [])],
    readOnly: specific?.readOnly ?? general?.readOnly,
    destructive: specific?.destructive ?? general?.destructive,
    defaultAction: specific?.defaultAction ?? general?.defaultAction,
  };
}

function globToRegExp(glob: string): RegExp {
  const pattern = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`, 'i');
}
