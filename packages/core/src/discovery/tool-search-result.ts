import type { ToolProtocol } from '../types/index.ts';

/** One ranked search hit. */
export interface ToolSearchResult {
  /** The name the model calls. */
  prefixedName: string;
  /** The sanitized server name. */
  server: string;
  protocol: ToolProtocol;
  /** The server's real tool name. */
  toolName: string;
  description: string;
  /** Relevance (higher is better; only comparable within one search). */
  score: number;
  /** Other servers offering a tool of the same name, folded into this result (best match first). */
  alsoOn?: string[];
}

/** One ranked server. */
export interface ServerSearchResult {
  /** The sanitized server name. */
  server: string;
  protocol: ToolProtocol;
  score: number;
}
