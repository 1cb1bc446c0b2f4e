import { MAX_TOOLS_PER_REQUEST } from './cap-tool-count.ts';

/** Safety limits of the agent loop. */
export interface LoopLimits {
  /** Tool turns (model calls that asked for tools) per request; then `max_iterations`. Default 50. */
  maxIterations: number;
  /** Tool turns per session, across requests; then `max_tool_calls`. Default 200. */
  maxSessionToolTurns: number;
  /** Individual tool calls per request; then `max_tool_calls`. Default 500. */
  maxToolCalls: number;
  /** The same tool with the same input this many times in one run is refused with an explanation. Default 3. */
  repeatedCallLimit: number;
  /**
   * Tools offered in one model request (default 128, OpenAI's limit): beyond it, the discovery tools,
   * the tools already called and the most recently revealed ones are kept.
   */
  maxToolsPerRequest: number;
}

/** The defaults from the seeds: 50 tool turns per request, 200 per session. */
export const DEFAULT_LIMITS: LoopLimits = {
  maxIterations: 50,
  maxSessionToolTurns: 200,
  maxToolCalls: 500,
  repeatedCallLimit: 3,
  maxToolsPerRequest: MAX_TOOLS_PER_REQUEST,
};

/** Fills unset limits with the defaults. */
export function resolveLimits(limits: Partial<LoopLimits> = {}): LoopLimits {
  return {
    ...DEFAULT_LIMITS,
    ...Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined)),
  };
}
