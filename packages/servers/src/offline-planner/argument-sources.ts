import { REFERENCE_NAMES } from './fill-arguments.ts';
import type { ToolExchange } from './read-conversation.ts';
import { shortToolName, toolRole } from './tool-roles.ts';

/**
 * Where a call's references (codes, ids) that the request does not spell out came from, for the
 * reply: `code "DAI-001" from the earlier search_products result`, found as the latest earlier result
 * holding the value (a recall counts as the call it recalled). Read back from the conversation, since
 * the planner keeps no state; a preview the loop cut a result down to still shows the values it starts
 * with.
 */
export function argumentSources(
  action: ToolExchange,
  exchanges: readonly ToolExchange[],
  text: string,
): string[] {
  const input = action.call.input;
  if (typeof input !== 'object' || input === null) return [];
  const before = exchanges.slice(0, Math.max(0, exchanges.indexOf(action)));
  return Object.entries(input).flatMap(([name, value]) => {
    if (!REFERENCE_NAMES.test(name) || !['string', 'number'].includes(typeof value)) return [];
    if (text.includes(String(value))) return [];
    const held = JSON.stringify(value);
    const source = before.findLast(
      (exchange) =>
        exchange.call.name !== action.call.name &&
        exchange.result?.is_error !== true &&
        (exchange.fullText ?? exchange.result?.content ?? '').includes(held),
    );
    return source === undefined
      ? []
      : [`${name} ${held} from the earlier ${originOf(source, before)} result`];
  });
}

/** The tool whose result an exchange holds: a recall's is the recalled call's. */
function originOf(exchange: ToolExchange, exchanges: readonly ToolExchange[]): string {
  const id = (exchange.call.input as { id?: unknown } | null)?.id;
  const recalled =
    toolRole(exchange.call.name) === 'recall'
      ? exchanges.find((candidate) => candidate.call.id === id)
      : undefined;
  return shortToolName((recalled ?? exchange).call.name);
}
