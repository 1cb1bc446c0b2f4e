/** How deep a request's JSON arrays and objects may nest (deeper ones would overflow the stack of what reads them). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests (arrays and objects) deeper than `max`, read in one pass over its
 * characters before it is parsed, stopping as soon as it does: parsing a megabyte of brackets would
 * hold the event loop, and what reads the value afterwards recurses.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (inString) {
      if (char === 0x5c)
        at++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth++;
      if (depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}
