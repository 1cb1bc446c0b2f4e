import { BUILT_IN_WIDGETS, validateWidget, WidgetCatalog } from '@switchboard/autoui';
import { SchemaValidator } from '@switchboard/core';

/** The host every hostile URL points to; no request may ever reach it. */
export const EVIL_HOST = 'evil.invalid';

/** Payloads that run script, load remote content or inject CSS if a renderer trusts them. */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__pwned = "script"</script>',
  '<img src=x onerror="window.__pwned = \'img-onerror\'">',
  '<svg onload="window.__pwned = \'svg-onload\'"><script>window.__pwned = "svg-script"</script></svg>',
  'javascript:window.__pwned = "javascript-url"',
  'JaVaScRiPt:window.__pwned = "mixed-case-url"',
  '"><iframe src="javascript:window.__pwned = \'iframe\'"></iframe>',
  '<a href="javascript:window.__pwned = \'anchor\'">click me</a>',
  `<style>@import url(https://${EVIL_HOST}/import.css); body { background: url(https://${EVIL_HOST}/bg.png) }</style>`,
  `<div style="background-image: url(https://${EVIL_HOST}/inline.png)">styled</div>`,
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned = \'mxss\'">',
  '<details open ontoggle="window.__pwned = \'ontoggle\'">x</details>',
  `![tracker](https://${EVIL_HOST}/track.png)`,
  '[click](javascript:window.__pwned = "markdown-link")',
  `<img src="https://${EVIL_HOST}/pixel.gif">`,
  'data:text/html,<script>window.__pwned = "data-url"</script>',
  `https://${EVIL_HOST}/picture.png`,
  '{{constructor.constructor("window.__pwned = \'template\'")()}}',
  '<object data="javascript:window.__pwned = \'object\'"></object>',
  '<form action="javascript:window.__pwned = \'form\'"><button>go</button></form>',
  '<base href="javascript:/"><a href="x">relative</a>',
];

/** A Markdown document carrying every payload, for the markdown widget and the assistant's text. */
export const XSS_MARKDOWN = XSS_PAYLOADS.map((payload, index) => `${index}. ${payload}`).join('\n\n');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * For each built-in widget, its example params with as many string leaves as possible replaced by
 * payloads — each replacement kept only when the params still validate, so the hostile strings really
 * reach the renderer.
 */
export function hostileWidgetParams(): Array<{ name: string; params: Record<string, unknown> }> {
  const catalog = new WidgetCatalog();
  const validator = new SchemaValidator();
  let counter = 0;
  return BUILT_IN_WIDGETS.map((widget) => {
    let params = structuredClone(widget.example) as Json;
    for (const path of stringPaths(params)) {
      const candidate = setAt(params, path, XSS_PAYLOADS[counter % XSS_PAYLOADS.length]);
      if (validateWidget(catalog, validator, widget.name, candidate).ok) {
        params = candidate;
        counter++;
      }
    }
    return { name: widget.name, params: params as Record<string, unknown> };
  });
}

function stringPaths(value: Json, path: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

function setAt(root: Json, path: Array<string | number>, replacement: string): Json {
  const copy = structuredClone(root);
  let node = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  node[path[path.length - 1]] = replacement;
  return copy;
}
