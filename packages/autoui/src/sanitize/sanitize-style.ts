/** CSS properties the `canvas` tool's `style` action may set on a block. */
export const ALLOWED_STYLE_PROPERTIES: readonly string[] = Object.freeze([
  'background',
  'background-color',
  'color',
  'border',
  'border-color',
  'border-width',
  'border-style',
  'border-radius',
  'box-shadow',
  'opacity',
  'padding',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'text-align',
  'text-decoration',
  'letter-spacing',
  'line-height',
  'outline',
]);

const ALLOWED_FUNCTIONS = new Set([
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'calc',
  'linear-gradient',
  'radial-gradient',
]);
const SAFE_VALUE = /^[#(),.%\w\s+/-]*$/;

/** The outcome of {@link sanitizeStyle}: the declarations kept and why others were refused. */
export interface SanitizedStyle {
  style: Record<string, string>;
  rejected: string[];
}

/**
 * Keeps only safe CSS declarations: allowlisted properties (camelCase or kebab-case), values made of
 * plain tokens (no url(), no quotes, semicolons, braces, backslashes or at-rules, only colour and
 * gradient functions). An empty or null value means "remove this property" and is kept as ''.
 */
export function sanitizeStyle(input: unknown): SanitizedStyle {
  const style: Record<string, string> = {};
  const rejected: string[] = [];
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { style, rejected: ['styles must be an object'] };
  for (const [key, raw] of Object.entries(input)) {
    const property = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`).trim();
    if (!ALLOWED_STYLE_PROPERTIES.includes(property)) {
      rejected.push(`${key}: property not allowed`);
      continue;
    }
    if (raw === null || raw === '') {
      style[property] = '';
      continue;
    }
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      rejected.push(`${key}: value must be a string or a number`);
      continue;
    }
    const value = String(raw).trim();
    const problem = styleValueProblem(value);
    if (problem) rejected.push(`${key}: ${problem}`);
    else style[property] = value;
  }
  return { style, rejected };
}

function styleValueProblem(value: string): string | undefined {
  if (value.length > 200) return 'value too long';
  if (!SAFE_VALUE.test(value)) return 'value has characters that are not allowed';
  if (/expression|javascript|behavior|binding/i.test(value)) return 'value not allowed';
  for (const match of value.matchAll(/([\w-]+)\s*\(/g)) {
    if (!ALLOWED_FUNCTIONS.has(match[1].toLowerCase())) return `function ${match[1]}() not allowed`;
  }
  return undefined;
}
