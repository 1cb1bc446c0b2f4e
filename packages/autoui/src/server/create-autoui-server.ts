import type { WebMcpServer } from '@switchboard/core';
import { createWebMcpServer, SchemaValidator } from '@switchboard/core';
import { WidgetCatalog } from '../catalog/widget-catalog.ts';
import type { UrlPolicy } from '../sanitize/url-policy.ts';
import type { CanvasLookup } from './canvas-tool.ts';
import { canvasTool } from './canvas-tool.ts';
import { presentationPurpose } from './presentation-tools.ts';
import { recallTool } from './recall-tool.ts';
import { recipeTools } from './recipe-tools.ts';
import { widgetDisplayTool } from './widget-display-tool.ts';

/** Options of {@link createAutoUiServer}. */
export interface AutoUiServerOptions {
  /** Server name (default `autoui`, so tools are `autoui_webmcp_…`). */
  name?: string;
  /** The widgets offered (default: the built-in catalog). */
  catalog?: WidgetCatalog;
  /** Which URLs widgets may carry (image host allowlist, blocked hosts). */
  urlPolicy?: UrlPolicy;
  /** Reads the current canvas, so `canvas` can check ids and validate updates. */
  canvas?: CanvasLookup;
  /** Reads the conversation's result buffer when `recall` is called directly. */
  recall?: (id: string) => string | undefined;
  validator?: SchemaValidator;
}

/**
 * Creates the autoui WebMCP server — the UI layer the model fills: `search_recipes`, `list_recipes`,
 * `get_recipe`, `widget_display`, `canvas` and `recall`, with every widget's recipe attached to its layer.
 * `widget_display` and `canvas` are registered as presentation tools: the catalog offers them from the
 * start and the system prompt lists them in its display step, with the purposes of `PRESENTATION_TOOLS`.
 */
export function createAutoUiServer(options: AutoUiServerOptions = {}): WebMcpServer {
  const catalog = options.catalog ?? new WidgetCatalog();
  const validator = options.validator ?? new SchemaValidator();
  const policy = options.urlPolicy ?? {};
  const server = createWebMcpServer(options.name ?? 'autoui', {
    description: `Built-in UI widgets shown on the user's canvas (${catalog.names.join(', ')}), canvas arrangement and recall.`,
  });
  for (const tool of recipeTools(catalog)) server.registerTool(tool);
  for (const tool of [
    widgetDisplayTool(catalog, validator, policy),
    canvasTool(catalog, validator, policy, options.canvas),
  ]) {
    server.registerTool(tool, { presentation: presentationPurpose(tool.name) });
  }
  server.registerTool(recallTool(options.recall));
  server.addRecipes(catalog.list().map((recipe) => ({ name: recipe.name, description: recipe.description })));
  return server;
}
