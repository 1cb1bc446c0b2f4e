/**
 * Parses the JSON arguments a model streamed for a native tool call. Empty arguments mean `{}`.
 * Malformed JSON is returned as the raw string, so the dispatcher can tell the model what it sent
 * (its schema validation rejects a string where an object is expected) instead of crashing here.
 */
export function parseToolArguments(json: string): unknown {
  if (json.trim() === '') return {};
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}
