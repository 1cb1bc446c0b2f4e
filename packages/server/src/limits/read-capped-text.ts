/**
 * A body as text, read until it passes `maxBytes`: then reading stops (the rest is never fetched)
 * and `tooLarge()` is thrown. No body reads as ''.
 */
export async function readCappedText(
  body: ReadableStream<Uint8Array> | null | undefined,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<string> {
  const reader = body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
