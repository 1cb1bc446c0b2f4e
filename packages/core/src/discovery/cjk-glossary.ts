/** Senses of a headword whose English words are kept (a dictionary lists the common ones first). */
const MAX_SENSES = 2;
/** Senses that point to another entry or name people rather than say what a word means. */
const UNHELPFUL_SENSE = /^(?:CL:|variant of|old variant|surname|see |abbr\. for|also written|used in)/i;
const PARENTHESIZED = /\([^)]*\)|\[[^\]]*\]/g;
const NEWLINE = 10;
const SPACE = 32;
const COMMENT = 35;

/** The headwords of two or more characters that start with one character: where they are, and their second characters. */
interface Bucket {
  fields: number[];
  seconds: number[];
}

/**
 * English glosses of Chinese words from a general Chinese–English dictionary in CC-CEDICT's text
 * format (`traditional simplified [pinyin] /sense/sense/`), so an English request reaches a tool
 * described in Chinese: a run of Chinese text is segmented into dictionary words, longest match
 * first, and each word stands for the English of its first senses. The dictionary stays as bytes:
 * headwords are indexed by their first character (with their second beside them, for a quick
 * scan), and only the lines of words actually met are decoded — loading the ~120,000 entries
 * takes a few tens of milliseconds.
 */
export class CjkGlossary {
  readonly #bytes: Uint8Array;
  /** Headwords of two or more characters, by their first character. */
  readonly #byFirst = new Map<number, Bucket>();
  /** The line of each single-character headword. */
  readonly #bySingle = new Map<number, number>();
  readonly #glosses = new Map<number, string>();
  readonly #decoder = new TextDecoder();

  /** `dictionary` is the dictionary file's UTF-8 bytes; `#` lines and malformed lines are skipped. */
  constructor(dictionary: Uint8Array) {
    this.#bytes = dictionary;
    let start = 0;
    const length = dictionary.length;
    for (let index = 0; index < length; index++) {
      if (dictionary[index] !== NEWLINE) continue;
      if (index > start && dictionary[start] !== COMMENT) this.#addLine(start, index);
      start = index + 1;
    }
    if (length > start && dictionary[start] !== COMMENT) this.#addLine(start, length);
  }

  /** English text for the dictionary words of a run of Chinese text ('' when none is known). */
  gloss(run: string): string {
    const codes = Array.from(run, (char) => char.codePointAt(0) ?? 0);
    const parts: string[] = [];
    for (let start = 0; start < codes.length; ) {
      const word = this.#longestWord(codes, start);
      if (word !== undefined) {
        const gloss = this.#gloss(word.line);
        if (gloss !== '') parts.push(gloss);
      }
      start += word?.length ?? 1;
    }
    return parts.join(' ');
  }

  /** The longest headword starting at `start` of a run, as its line and length in characters. */
  #longestWord(codes: readonly number[], start: number): { line: number; length: number } | undefined {
    let best: { line: number; length: number } | undefined;
    const bucket = start + 1 < codes.length ? this.#byFirst.get(codes[start]) : undefined;
    if (bucket !== undefined) {
      const second = codes[start + 1];
      for (let index = 0; index < bucket.seconds.length; index++) {
        if (bucket.seconds[index] !== second) continue;
        const field = bucket.fields[index];
        const length = this.#matchLength(field, codes, start);
        if (length > (best?.length ?? 1)) best = { line: this.#lineStart(field), length };
      }
    }
    if (best !== undefined) return best;
    const single = this.#bySingle.get(codes[start]);
    return single === undefined ? undefined : { line: single, length: 1 };
  }

  /** How many characters the headword at `field` has when all of them match the run from `start`; else 0. */
  #matchLength(field: number, codes: readonly number[], start: number): number {
    const bytes = this.#bytes;
    let offset = field;
    let count = 0;
    while (bytes[offset] !== SPACE && offset < bytes.length) {
      const code = codePointAt(bytes, offset);
      if (start + count >= codes.length || code !== codes[start + count]) return 0;
      offset += utf8Length(bytes[offset]);
      count++;
    }
    return count;
  }

  /** The start of the line a headword field belongs to. */
  #lineStart(field: number): number {
    let start = field;
    while (start > 0 && this.#bytes[start - 1] !== NEWLINE) start--;
    return start;
  }

  /** Indexes the line's traditional headword, and its simplified one where it differs. */
  #addLine(start: number, end: number): void {
    const second = this.#addHeadword(start, end, start);
    if (second > 0 && !this.#sameHeadword(start, second)) this.#addHeadword(second, end, start);
  }

  /** True when the headwords at `first` and `second` (the one right after it) are the same bytes. */
  #sameHeadword(first: number, second: number): boolean {
    const length = second - 1 - first;
    for (let offset = 0; offset < length; offset++) {
      if (this.#bytes[first + offset] !== this.#bytes[second + offset]) return false;
    }
    return this.#bytes[second + length] === SPACE;
  }

  /** Indexes the headword at `field`; returns the offset after its space (0 when none). */
  #addHeadword(field: number, end: number, line: number): number {
    const bytes = this.#bytes;
    let offset = field;
    let first = -1;
    let second = -1;
    let count = 0;
    while (offset < end && bytes[offset] !== SPACE) {
      if (count === 0) first = codePointAt(bytes, offset);
      else if (count === 1) second = codePointAt(bytes, offset);
      offset += utf8Length(bytes[offset]);
      count++;
    }
    if (count === 1 && !this.#bySingle.has(first)) this.#bySingle.set(first, line);
    if (count >= 2) {
      const bucket = this.#byFirst.get(first);
      if (bucket === undefined) this.#byFirst.set(first, { fields: [field], seconds: [second] });
      else {
        bucket.fields.push(field);
        bucket.seconds.push(second);
      }
    }
    return offset < end ? offset + 1 : 0;
  }

  /** The gloss of the line at `start` (decoded once). */
  #gloss(start: number): string {
    let gloss = this.#glosses.get(start);
    if (gloss === undefined) {
      let end = this.#bytes.indexOf(NEWLINE, start);
      if (end < 0) end = this.#bytes.length;
      gloss = glossOf(this.#decoder.decode(this.#bytes.subarray(start, end)));
      this.#glosses.set(start, gloss);
    }
    return gloss;
  }
}

/** The English of a dictionary line's first helpful senses ('' when it has none). */
function glossOf(line: string): string {
  const sensesStart = line.indexOf('/');
  if (sensesStart < 0) return '';
  return line
    .slice(sensesStart + 1)
    .split('/')
    .filter((sense) => sense.trim() !== '' && !UNHELPFUL_SENSE.test(sense.trim()))
    .slice(0, MAX_SENSES)
    .map((sense) => sense.replace(PARENTHESIZED, ' '))
    .join(' ');
}

/** Bytes of the UTF-8 sequence a lead byte starts. */
function utf8Length(lead: number): number {
  return lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
}

/** The code point of the UTF-8 sequence at `index`. */
function codePointAt(bytes: Uint8Array, index: number): number {
  const lead = bytes[index];
  if (lead < 0x80) return lead;
  if (lead < 0xe0) return ((lead & 0x1f) << 6) | (bytes[index + 1] & 0x3f);
  if (lead < 0xf0)
    return ((lead & 0x0f) << 12) | ((bytes[index + 1] & 0x3f) << 6) | (bytes[index + 2] & 0x3f);
  return (
    ((lead & 0x07) << 18) |
    ((bytes[index + 1] & 0x3f) << 12) |
    ((bytes[index + 2] & 0x3f) << 6) |
    (bytes[index + 3] & 0x3f)
  );
}
