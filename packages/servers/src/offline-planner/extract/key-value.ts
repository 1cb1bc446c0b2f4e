/** What a message says about keys and values. */
export interface KeyValueReading {
  /** Explicit `name=value` pairs, by name. */
  pairs: Map<string, string>;
  /** A storage key: "under greeting", "stored in greeting", "set greeting to …". */
  key?: string;
  /** A value to store: "store hello under …", "set … to hello". */
  value?: string;
  /** Quoted strings, in order. */
  quoted: string[];
}

const END = String.raw`\s*[.!?]*\s*$`;
const STORE = new RegExp(
  String.raw`\b(?:store|save|remember|put|write|keep|record)\s+(.+?)\s+(?:under|as|in|into|at|with\s+(?:the\s+)?key)\s+(?:the\s+)?(?:key\s+)?(.+?)${END}`,
  'i',
);
const SET = new RegExp(String.raw`\bset\s+(?:the\s+)?(?:key\s+)?(\S+)\s+to\s+(.+?)${END}`, 'i');
const KEY_AT_END = new RegExp(
  String.raw`\b(?:under|in|at|as|key|named|called|for|of)\s+(?:the\s+)?(?:key\s+)?(["'“]?[\w.:-]+["'”]?)${END}`,
  'i',
);
const READ = new RegExp(
  String.raw`\b(?:get|read|retrieve|fetch|load|recall)\s+(?:the\s+)?(?:value\s+(?:of|for|under)\s+)?(?:key\s+)?(["'“]?[\w.:-]+["'”]?)${END}`,
  'i',
);

/** Reads key/value statements, explicit pairs and quoted strings from a message. */
export function readKeyValue(text: string): KeyValueReading {
  const pairs = new Map<string, string>();
  for (const match of text.matchAll(/\b([A-Za-z_][\w.-]*)\s*=\s*("[^"]*"|'[^']*'|[^\s,;]+)/g)) {
    pairs.set(match[1] as string, unquote(match[2] as string));
  }
  const quoted = [...text.matchAll(/"([^"]+)"|“([^”]+)”|(?<![\w])'([^']+)'(?![\w])/g)].map(
    (match) => (match[1] ?? match[2] ?? match[3]) as string,
  );
  const stored = STORE.exec(text);
  if (stored)
    return { pairs, quoted, value: cleanValue(stored[1] as string), key: cleanKey(stored[2] as string) };
  const set = SET.exec(text);
  if (set) return { pairs, quoted, key: cleanKey(set[1] as string), value: cleanValue(set[2] as string) };
  const read = READ.exec(text) ?? KEY_AT_END.exec(text);
  return { pairs, quoted, key: read ? cleanKey(read[1] as string) : undefined };
}

function unquote(text: string): string {
  const trimmed = text.trim();
  const match = /^["'“](.*)["'”]$/.exec(trimmed);
  return match ? (match[1] as string) : trimmed;
}

function cleanValue(text: string): string {
  return unquote(text.replace(/^(?:the\s+)?(?:value|text|string|word)\s+(?=\S)/i, ''));
}

function cleanKey(text: string): string {
  return unquote(text.replace(/^(?:my|a|the)\s+/i, ''));
}
