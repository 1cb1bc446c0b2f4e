/** A compiled MCP resource template (RFC 6570 URI template) that tells which URIs it stands for. */
export interface ResourceTemplateMatcher {
  readonly template: string;
  /** The variables' values (percent-decoded) when `uri` is one of the template's, else `undefined`. */
  match(uri: string): Record<string, string> | undefined;
}

/** A piece of a template: text that must appear as it is, or a variable's value of allowed characters. */
type Piece = { text: string } | { name: string; allows: (character: string) => boolean };

/** The most pieces × URI characters one match weighs (a table of that many bytes): 4 MiB. */
const MAX_TABLE_CELLS = 4 * 1024 * 1024;

const notSlashOrComma = (character: string) => character !== '/' && character !== ',';
const notSlash = (character: string) => character !== '/';
const anything = () => true;
const notAmpersand = (character: string) => character !== '&';

/**
 * Compiles a URI template as the MCP SDK's `UriTemplate.match` reads one (`{name}` one segment
 * without `/` or `,`; `{+name}` and `{#name}` anything; `{.name}`, `{/name}`, `{?a,b}` and `{&a}` with
 * their prefixes; one or more characters each) without building a regular expression: the template
 * and URI come from servers and clients, and a backtracking `RegExp` of a few `{+name}` in a row
 * held the event loop for seconds on a 300-character URI. Matching fills a table of which pieces can
 * still finish from which character (time and memory: pieces × URI length; a pair past 4 Mi cells
 * does not match), then takes the longest value for each variable that still lets the rest match,
 * as the SDK's greedy expression does.
 */
export function compileResourceTemplate(template: string): ResourceTemplateMatcher {
  const pieces = parse(template);
  return {
    template,
    match(uri) {
      const values = matchPieces(pieces, uri);
      if (!values) return undefined;
      return Object.fromEntries(values.map(([name, value]) => [name, safeDecode(value)]));
    },
  };
}

function parse(template: string): Piece[] {
  const pieces: Piece[] = [];
  let position = 0;
  while (position < template.length) {
    const open = template.indexOf('{', position);
    const close = open === -1 ? -1 : template.indexOf('}', open);
    if (open === -1 || close === -1) {
      pieces.push({ text: template.slice(position) });
      break;
    }
    if (open > position) pieces.push({ text: template.slice(position, open) });
    pieces.push(...expressionPieces(template.slice(open + 1, close)));
    position = close + 1;
  }
  return pieces;
}

function expressionPieces(expression: string): Piece[] {
  const operator = '+#./;?&'.includes(expression[0] ?? '') ? (expression[0] as string) : '';
  const names = expression
    .slice(operator.length)
    .split(',')
    .map((name) => name.trim());
  const name = (names[0] ?? '').replace('*', '');
  const exploded = expression.includes('*');
  switch (operator) {
    case '?':
    case '&':
      return names.flatMap((queryName, index) => [
        { text: `${index === 0 ? operator : '&'}${queryName}=` },
        { name: queryName.replace('*', ''), allows: notAmpersand },
      ]);
    case '':
      return [{ name, allows: exploded ? notSlash : notSlashOrComma }];
    case '+':
    case '#':
      return [{ name, allows: anything }];
    case '.':
      return [{ text: '.' }, { name, allows: notSlashOrComma }];
    case '/':
      return [{ text: '/' }, { name, allows: exploded ? notSlash : notSlashOrComma }];
    default:
      return [{ name, allows: notSlash }];
  }
}

/** The variables' values in template order, or `undefined` when `uri` does not match. */
function matchPieces(pieces: readonly Piece[], uri: string): Array<[string, string]> | undefined {
  const width = uri.length + 1;
  if ((pieces.length + 1) * width > MAX_TABLE_CELLS) return undefined;
  // finishes[piece * width + at]: pieces from `piece` on can match uri from `at` to its end.
  const finishes = new Uint8Array((pieces.length + 1) * width);
  finishes[pieces.length * width + uri.length] = 1;
  for (let index = pieces.length - 1; index >= 0; index--) {
    const piece = pieces[index] as Piece;
    const row = index * width;
    const next = (index + 1) * width;
    for (let at = uri.length; at >= 0; at--) {
      if ('text' in piece) {
        const end = at + piece.text.length;
        finishes[row + at] =
          end <= uri.length && finishes[next + end] && uri.startsWith(piece.text, at) ? 1 : 0;
      } else if (at < uri.length && piece.allows(uri[at] as string)) {
        // One character of the value, then either the next piece or more of the value.
        finishes[row + at] = finishes[next + at + 1] || finishes[row + at + 1] ? 1 : 0;
      }
    }
  }
  if (!finishes[0]) return undefined;
  const values: Array<[string, string]> = [];
  let at = 0;
  pieces.forEach((piece, index) => {
    if ('text' in piece) {
      at += piece.text.length;
      return;
    }
    const next = (index + 1) * width;
    let end = at + 1;
    for (let candidate = at + 1; candidate <= uri.length; candidate++) {
      if (finishes[next + candidate]) end = candidate;
      if (candidate === uri.length || !piece.allows(uri[candidate] as string)) break;
    }
    values.push([piece.name, uri.slice(at, end)]);
    at = end;
  });
  return values;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
