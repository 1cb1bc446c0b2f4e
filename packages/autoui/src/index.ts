/**
 * @switchboard/autoui — the UI layer as a WebMCP server: the widget catalog (JSON Schemas and recipes),
 * `widget_display`, `canvas`, `recall`, URL and style sanitizing, and a framework-free canvas model whose
 * every change is a replayable event. Browser-safe.
 */

export type { ApplyCanvasOptions } from './canvas/apply-canvas-event.ts';
export {
  applyCanvasEvent,
  BLOCK_SIZE_LIMITS,
  compactCanvasEvents,
  replayCanvas,
  snapshotEvents,
} from './canvas/apply-canvas-event.ts';
export { builtInSize } from './canvas/built-in-size.ts';
export {
  canvasEventFromAction,
  canvasEventFromAgentEvent,
  canvasEventFromLogEntry,
} from './canvas/canvas-event-from-agent-event.ts';
export type { CanvasSnapshot } from './canvas/canvas-model.ts';
export { CanvasModel } from './canvas/canvas-model.ts';
export type {
  CanvasBlock,
  CanvasEvent,
  CanvasPosition,
  CanvasSize,
  CanvasState,
} from './canvas/canvas-types.ts';
export { EMPTY_CANVAS } from './canvas/canvas-types.ts';
export { CANVAS_LAYOUT, placeBlock } from './canvas/place-block.ts';
export type { WidgetAlias } from './catalog/widget-aliases.ts';
export { aliasKey, WIDGET_ALIASES } from './catalog/widget-aliases.ts';
export type { RecipeSummary, ResolvedWidget } from './catalog/widget-catalog.ts';
export { WidgetCatalog } from './catalog/widget-catalog.ts';
export { confineWidgetActions } from './effects/confine-widget-actions.ts';
export type { WidgetHint } from './effects/read-widget-hint.ts';
export { readWidgetHint } from './effects/read-widget-hint.ts';
export type { CanvasAction, CanvasActionName, WidgetEvent } from './effects/ui-effects.ts';
export { buildMcpAppCsp, cspSources, hostMcpAppCsp, sandboxProxyCsp } from './mcp-apps/mcp-app-csp.ts';
export type { McpAppPresenterOptions, McpAppServer } from './mcp-apps/mcp-app-presenter.ts';
export { McpAppPresenter } from './mcp-apps/mcp-app-presenter.ts';
export type { ResourceContent, ResourceReadResult, ToolVisibility } from './mcp-apps/mcp-app-resource.ts';
export { mcpAppFromResource, mcpAppResourceUri, toolVisibility } from './mcp-apps/mcp-app-resource.ts';
export type {
  McpAppCsp,
  McpAppPermissions,
  McpAppResource,
  McpAppToolResult,
  McpAppWidgetData,
} from './mcp-apps/mcp-app-types.ts';
export { MCP_APP_MIME_TYPE, MCP_APP_WIDGET } from './mcp-apps/mcp-app-types.ts';
export type { ConnectionResourceReaderOptions } from './mcp-apps/read-resource-through-connections.ts';
export { readResourceThroughConnections } from './mcp-apps/read-resource-through-connections.ts';
export type { WidgetRecipe } from './recipes/parse-widget-recipe.ts';
export { parseWidgetRecipe } from './recipes/parse-widget-recipe.ts';
export type { SanitizedStyle } from './sanitize/sanitize-style.ts';
export { ALLOWED_STYLE_PROPERTIES, sanitizeStyle } from './sanitize/sanitize-style.ts';
export type { RemovedUrl } from './sanitize/sanitize-widget-urls.ts';
export { pointer, sanitizeWidgetUrls } from './sanitize/sanitize-widget-urls.ts';
export type { UrlCheck, UrlKind, UrlPolicy } from './sanitize/url-policy.ts';
export { checkUrl, hostMatches, PLACEHOLDER_HOSTS, safeUrl } from './sanitize/url-policy.ts';
export type { CanvasLookup } from './server/canvas-tool.ts';
export type { AutoUiServerOptions } from './server/create-autoui-server.ts';
export { createAutoUiServer } from './server/create-autoui-server.ts';
export { isPresentationTool, isWidgetDisplayTool } from './server/presentation-tools.ts';
export type { DisplayedWidget } from './server/widget-display-tool.ts';
export { newWidgetId } from './server/widget-id.ts';
export type { UnknownWidgetError, ValidWidget, WidgetValidationError } from './validation/validate-widget.ts';
export { MAX_WIDGET_NESTING, validateWidget } from './validation/validate-widget.ts';
export type { BuiltInWidgetName } from './widgets/all-widgets.ts';
export { BUILT_IN_WIDGETS } from './widgets/all-widgets.ts';
export { CHART_TYPES } from './widgets/chart.ts';
export { FORM_FIELD_TYPES } from './widgets/form.ts';
export {
  type DynamicUrl,
  FALLBACK_WIDGET_SIZE,
  type WidgetDefinition,
  type WidgetSize,
} from './widgets/widget-definition.ts';
