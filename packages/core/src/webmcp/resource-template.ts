/** A compiled URI template of the simple `scheme://{name}/…` form used by MCP resource templates. */
export interface ResourceTemplateMatcher {
  readonly template: string;
  match(uri: string): Record<string, string> | undefined;
}

/**
 * Compiles a URI template with `{variable}` placeholders (RFC 6570 level 1). Each variable matches one
 * path segment; values are percent-decoded.
 */
export function compileResourceTemplate(template: string): ResourceTemplateMatcher {
  const names: string[] = [];
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      if (part.startsWith('{') && part.endsWith('}')) {
        names.push(part.slice(1, -1));
        return '([^/?#]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const expression = new RegExp(`^${pattern}$`);
  return {
    template,
    match(uri) {
      const found = expression.exec(uri);
      if (!found) return undefined;
      const params: Record<string, string> = {};
      names.forEach((name, index) => {
        params[name] = safeDecode(found[index + 1]);
      });
      return params;
    },
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
