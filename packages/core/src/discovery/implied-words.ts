/**
 * A file path in a request: absolute (`/root/notes/a.md`, `~/a.md`, `C:\a.md`) or relative
 * (`./a.md`, `docs/a.md`), and not part of a URL.
 */
const FILE_PATH =
  /(?:^|[\s"'`(<[])(?:~?\/|\.{1,2}\/|[A-Za-z]:\\|[\w-]+\/)[\w.\-/\\]*[\w-]\.\w{1,8}(?=$|[\s"'`)>\],;:!?]|\.(?:\s|$))/u;

/**
 * Words a request implies by the shape of what it contains rather than by what it says: a file
 * path means the request is about a file ("save it to /root/out.md" needs a tool that writes files).
 */
export function impliedWords(query: string): string[] {
  return FILE_PATH.test(query) ? ['file'] : [];
}
