/** Scopes that particular tools need, by tool name. */
export type ToolScopes = Readonly<Record<string, readonly string[]>>;

/**
 * The scopes a request's `tools/call` messages need (per `toolScopes`) that `granted` lacks,
 * with the tool that needs them; undefined when nothing is missing or the request calls no
 * such tool. Reads a copy of the body, so the request can still be served.
 */
export async function toolScopesNeeded(
  request: Request,
  toolScopes: ToolScopes,
  granted: readonly string[],
): Promise<{ tool: string; missing: string[] } | undefined> {
  if (request.method !== 'POST') return undefined;
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => undefined);
  for (const message of Array.isArray(body) ? body : [body]) {
    const tool = calledTool(message);
    if (tool === undefined || !Object.hasOwn(toolScopes, tool)) continue;
    const missing = toolScopes[tool].filter((scope) => !granted.includes(scope));
    if (missing.length > 0) return { tool, missing };
  }
  return undefined;
}

function calledTool(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  if (method !== 'tools/call' || typeof params?.name !== 'string') return undefined;
  return params.name;
}
