import { RE2JS } from 're2js';

/**
 * A regular expression that matches in time linear in the text (RE2, through re2js), for patterns
 * that come from outside: a server's JSON Schema `pattern`, a form field's pattern. JavaScript's
 * `RegExp` backtracks, so `^(a+)+$` against 40 `a`s and a `!` would hold the event loop for minutes.
 */
export interface LinearPattern {
  /** Whether the pattern matches anywhere in `text` (like `RegExp.prototype.test`). */
  test(text: string): boolean;
  /** Whether the pattern matches the whole of `text`. */
  testWhole(text: string): boolean;
  /** The pattern as RE2 compiled it (ajv keys its pattern cache on this). */
  toString(): string;
}

/**
 * Compiles an ECMAScript-style pattern (named groups and `\u` escapes are translated) into a
 * {@link LinearPattern}. RE2 has no backreferences or lookaround: such a pattern throws an Error that
 * quotes the pattern and says why, and each caller decides what a pattern it cannot check means.
 */
export function compileLinearPattern(pattern: string): LinearPattern {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The pattern ${JSON.stringify(pattern)} cannot be matched in linear time (RE2 has no backreferences or lookaround): ${reason}`,
    );
  }
  return {
    test: (text) => compiled.test(text),
    testWhole: (text) => compiled.testExact(text),
    toString: () => compiled.pattern(),
  };
}

/**
 * {@link compileLinearPattern} as ajv's `code.regExp` engine, so the `pattern` and
 * `patternProperties` of a schema match in linear time; a pattern RE2 cannot compile makes
 * `ajv.compile` throw, as an invalid schema does.
 */
export const linearRegExpEngine = Object.assign((pattern: string) => compileLinearPattern(pattern), {
  code: 'compileLinearPattern',
});
