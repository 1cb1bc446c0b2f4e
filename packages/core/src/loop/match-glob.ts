/**
 * Whether `text` matches `glob`, where `*` stands for any run of characters (none included) and
 * every other character for itself, ignoring case. No regular expression is built: the parts
 * between stars are found left to right with `indexOf`, each from where the last one ended, so a
 * glob of any number of stars costs at most one pass over `text` per part. (Taking the leftmost
 * place for each part is enough: a later one would only leave less room for the parts after it.)
 */
export function matchesGlob(glob: string, text: string): boolean {
  const parts = glob.toLowerCase().split('*');
  const subject = text.toLowerCase();
  const first = parts[0] as string;
  if (parts.length === 1) return subject === first;
  const last = parts[parts.length - 1] as string;
  const end = subject.length - last.length;
  if (end < first.length || !subject.startsWith(first) || !subject.endsWith(last)) return false;
  let position = first.length;
  for (const part of parts.slice(1, -1)) {
    const found = subject.indexOf(part, position);
    if (found === -1 || found + part.length > end) return false;
    position = found + part.length;
  }
  return true;
}
