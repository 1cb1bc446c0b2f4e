const encoder = new TextEncoder();

/** A UTF-16 code unit takes at most three bytes in UTF-8 (a surrogate pair, two units, takes four). */
const MAX_UTF8_BYTES_PER_UNIT = 3;

/**
 * PostgreSQL's Bind message (wire protocol 3.0): binds `values` to the prepared statement
 * `statement` in the unnamed portal, every parameter and result column in text format (a null is
 * SQL NULL). Written in one pass into one buffer: the serializer PGlite ships (node-postgres's)
 * took about ten times as long for a turn's statements, whose parameters carry kilobytes of JSON.
 */
export function bindMessage(statement: string, values: readonly (string | null)[]): Uint8Array {
  let capacity = 1 + 4 + 1 + (statement.length * MAX_UTF8_BYTES_PER_UNIT + 1) + 2 + 2 + 2;
  for (const value of values) capacity += 4 + (value?.length ?? 0) * MAX_UTF8_BYTES_PER_UNIT;
  const bytes = new Uint8Array(capacity);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x42; // 'B'; its length (bytes 1–4) is written last
  let at = 5;
  bytes[at++] = 0; // the unnamed portal
  at += encoder.encodeInto(statement, bytes.subarray(at)).written;
  bytes[at++] = 0;
  view.setInt16(at, 0); // no parameter format codes: all text
  view.setInt16(at + 2, values.length);
  at += 4;
  for (const value of values) {
    if (value === null) {
      view.setInt32(at, -1);
      at += 4;
      continue;
    }
    const { written } = encoder.encodeInto(value, bytes.subarray(at + 4));
    view.setInt32(at, written);
    at += 4 + written;
  }
  view.setInt16(at, 0); // no result format codes: all text
  at += 2;
  view.setInt32(1, at - 1);
  return bytes.subarray(0, at);
}
