import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * `RegExp(…)` calls whose pattern is put together in code but from nothing a user, model or server
 * sends, each with why it is safe. Anything else that builds a pattern fails the suite: input is
 * matched with linear-time code (matchesGlob, containsWord, compileResourceTemplate) or RE2
 * (compileLinearPattern), never with a backtracking expression made from it.
 */
const ALLOWED: Record<string, string> = {
  'packages/servers/src/offline-planner/extract/key-value.ts':
    "the planner's phrase patterns, put together from a module-level ending (END)",
  'packages/core/src/catalog/resolve-canonical-tools.ts':
    'DESCRIPTION_PATTERN, put together once from the module-level lists of action verbs and resource nouns',
  'packages/providers/src/testing/anthropic-request-limits.ts':
    "the fake vendor's tool-name rule, Anthropic's documented pattern kept in a module constant",
  'packages/providers/src/testing/openai-request-limits.ts':
    "the fake vendor's tool-name rule, OpenAI's documented pattern kept in a module constant",
};

/**
 * A `RegExp(…)` call (with or without `new`) whose pattern is not a literal or a module-level
 * constant, or a `new UriTemplate(…).match(…)` (the MCP SDK builds a RegExp from the template).
 */
interface BuiltPattern {
  file: string;
  line: number;
  code: string;
}

describe('no regular expression is built from input', () => {
  const found = sourceFiles().flatMap(builtPatterns);

  it('every RegExp(…) in packages/*/src and apps/*/src takes a literal or a module-level constant', () => {
    const unexplained = found.filter((call) => ALLOWED[call.file] === undefined);
    expect(unexplained).toEqual([]);
  });

  it('every allowed file still builds a pattern (the allowlist holds nothing stale)', () => {
    const stale = Object.keys(ALLOWED).filter((file) => !found.some((call) => call.file === file));
    expect(stale).toEqual([]);
  });

  it("catches a glob turned into a RegExp, as approval rules once were, and the SDK's UriTemplate.match", () => {
    const source = [
      'function globToRegExp(glob: string): RegExp {',
      "  const pattern = glob.split('*').join('.*');",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source code holding a template literal, on purpose
      "  return new RegExp(`^${pattern}$`, 'i');",
      '}',
      "const LITERAL = new RegExp('^ok$');",
      'const FROM_CONSTANT = RegExp(LITERAL_SOURCE);',
      "const LITERAL_SOURCE = 'x';",
      'const owner = new UriTemplate(template.uriTemplate).match(uri);',
    ].join('\n');
    expect(builtPatternsIn('example.ts', source)).toEqual([
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source code holding a template literal, on purpose
      { file: 'example.ts', line: 3, code: "new RegExp(`^${pattern}$`, 'i')" },
      { file: 'example.ts', line: 8, code: 'new UriTemplate(template.uriTemplate).match(uri)' },
    ]);
  });
});

/** Every non-test `.ts` and `.svelte` file under packages/*\/src and apps/*\/src, relative to the root. */
function sourceFiles(): string[] {
  const files: string[] = [];
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(join(ROOT, group), { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(ROOT, group, entry.name, 'src'), files);
    }
  }
  return files
    .filter((file) => !/\.test\.ts$|\.test-helper\.ts$/.test(file))
    .map((file) => relative(ROOT, file));
}

function walk(directory: string, files: string[]): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(directory, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') walk(path, files);
    else if (/\.(ts|svelte)$/.test(entry.name)) files.push(path);
  }
}

function builtPatterns(file: string): BuiltPattern[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (!text.includes('RegExp') && !text.includes('UriTemplate')) return [];
  if (!file.endsWith('.svelte')) return builtPatternsIn(file, text);
  // A component's scripts, each at its own place in the file so lines stay right.
  return [...text.matchAll(/(<script[^>]*>)([\s\S]*?)<\/script>/g)].flatMap((script) => {
    const before = text.slice(0, (script.index ?? 0) + (script[1] as string).length);
    const blank = before.replace(/[^\n]/g, ' ');
    return builtPatternsIn(file, blank + (script[2] as string));
  });
}

function builtPatternsIn(file: string, text: string): BuiltPattern[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const constants = moduleConstants(source);
  const found: BuiltPattern[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const pattern = node.arguments?.[0];
      if (pattern === undefined || !isFixed(pattern, constants)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push({ file, line: line + 1, code: node.getText(source) });
      }
    }
    // The MCP SDK's UriTemplate.match builds a RegExp from the (server's) template.
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'match' &&
      ts.isNewExpression(node.expression.expression) &&
      node.expression.expression.expression.getText(source) === 'UriTemplate'
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({ file, line: line + 1, code: node.getText(source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Names of the `const` declarations at the top of a module. */
function moduleConstants(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
    }
  }
  return names;
}

/** A literal without substitutions (plain, template, `String.raw` or regex), or a module constant's name. */
function isFixed(pattern: ts.Expression, constants: ReadonlySet<string>): boolean {
  if (ts.isStringLiteral(pattern) || ts.isNoSubstitutionTemplateLiteral(pattern)) return true;
  if (ts.isRegularExpressionLiteral(pattern)) return true;
  if (ts.isTaggedTemplateExpression(pattern)) return ts.isNoSubstitutionTemplateLiteral(pattern.template);
  return ts.isIdentifier(pattern) && constants.has(pattern.text);
}
