import type { GlobalToolKind } from '../discovery/global-tools.ts';
import type { McpToolDef, ToolLayer, ToolProtocol } from '../types/index.ts';
import type { PseudoToolKind } from './pseudo-tools.ts';

interface ParsedBase {
  layer: ToolLayer;
  /** The sanitized server name (unique per protocol within the catalog). */
  server: string;
  protocol: ToolProtocol;
  /** The table name (after alias resolution). */
  prefixedName: string;
}

/** A real tool of a server. */
export interface ParsedRealTool extends ParsedBase {
  kind: 'tool';
  /** The server's real tool name, to send in `tools/call` or to the local server. */
  toolName: string;
  tool: McpToolDef;
}

/** A discovery tool the catalog answers itself (see `answerPseudoTool`). */
export interface ParsedPseudoTool extends ParsedBase {
  kind: 'pseudo';
  pseudo: PseudoToolKind;
}

/** A global discovery tool (`search_tools`, `list_servers`, …): no server, answered by the catalog. */
export interface ParsedGlobalTool {
  kind: 'global';
  pseudo: GlobalToolKind;
  /** The tool's name (global tools are not prefixed). */
  prefixedName: string;
}

/** What a prefixed tool name refers to. */
export type ParsedToolName = ParsedRealTool | ParsedPseudoTool | ParsedGlobalTool;
