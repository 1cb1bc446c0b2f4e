/**
 * @switchboard/core — the agent runtime. Browser-safe: no DOM and no Node-only imports here
 * (Node-only pieces such as the stdio transport live in `./node.ts`).
 */
export type * from './types/index.ts';
