import { shortToolName } from '../format/tool-label.ts';
import type { CallChip } from './turn-calls.ts';

/**
 * A turn's calls with consecutive calls of the same tool (the same search on each server) put
 * together, in order, so each group shows as one chip.
 */
export function groupCalls(calls: readonly CallChip[]): CallChip[][] {
  const groups: CallChip[][] = [];
  for (const call of calls) {
    const last = groups.at(-1);
    if (last !== undefined && shortToolName(last[0].name) === shortToolName(call.name)) last.push(call);
    else groups.push([call]);
  }
  return groups;
}
