import type { McpAppToolResult } from '@switchboard/autoui';
import { toolVisibility } from '@switchboard/autoui';
import type { ApprovalAction, McpToolDef, ToolOutput } from '@switchboard/core';
import type { McpAppToolCall } from '@switchboard/ui';

/** What {@link runAppToolCall} needs: the call, the tool it names, who decides its approval, and how to run it. */
export interface AppToolCallPlan {
  call: McpAppToolCall;
  /** The tool on the app's server (undefined: the server or the tool is unknown here). */
  tool: McpToolDef | undefined;
  /** Why the tool is unknown, when it is. */
  missing?: string;
  /**
   * The approval policy's verdict, decided in this page (standalone mode), with how to ask the user
   * (resolves true when they approve); `gateway` when the gateway decides, and asks, as the call runs.
   */
  approval: { action: ApprovalAction; confirm: () => Promise<boolean> } | 'gateway';
  run: () => Promise<McpAppToolResult>;
}

const refused = (text: string): McpAppToolResult => ({ content: [{ type: 'text', text }], isError: true });

/**
 * Runs an MCP App's `tools/call` the way the model's calls are run: only a tool of the app's own
 * server that is visible to apps (`_meta.ui.visibility`), refused when the approval policy denies it,
 * after the user's approval when it asks — decided here in standalone mode, by the gateway (which
 * asks the person through the call's stream) in gateway mode. Never throws: every refusal or failure
 * is an `isError` result the app can show.
 */
export async function runAppToolCall(plan: AppToolCallPlan): Promise<McpAppToolResult> {
  const { call, tool, approval } = plan;
  const label = `${call.serverName}:${call.name}`;
  if (!tool) return refused(plan.missing ?? `${label} is not a tool of this app's server`);
  if (!toolVisibility(tool).includes('app')) return refused(`${label} may not be called by an app`);
  if (approval !== 'gateway') {
    if (approval.action === 'deny')
      return refused(`${label} is not allowed by this deployment's tool policy`);
    if (approval.action === 'ask' && !(await approval.confirm()))
      return refused(`The user did not allow ${label}`);
  }
  try {
    return await plan.run();
  } catch (error) {
    return refused(`${label} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A tool's output (text, structured value, error flag) as the MCP result an app expects. */
export function appToolResult(output: Pick<ToolOutput, 'text' | 'isError' | 'value'>): McpAppToolResult {
  const structured = output.value;
  return {
    content: [{ type: 'text', text: output.text }],
    ...(typeof structured === 'object' && structured !== null && !Array.isArray(structured)
      ? { structuredContent: structured as Record<string, unknown> }
      : {}),
    isError: output.isError,
  };
}
