import type { ToolProtocol } from '../types/index.ts';

/** A tool as the search index keeps it. */
export interface IndexedTool {
  prefixedName: string;
  server: string;
  protocol: ToolProtocol;
  toolName: string;
  description: string;
  /** The key of the server+protocol layer the tool belongs to. */
  layerKey: string;
  /** The tool name lowercased: tools of the same name on several servers fold into one result. */
  foldKey: string;
  /** The distinct analyzed words of the tool's name. */
  nameTerms: string[];
}

/** A tool a query found, with its final relevance. */
export interface ScoredTool {
  entry: IndexedTool;
  score: number;
}
