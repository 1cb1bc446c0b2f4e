import type { JsonSchema } from '../types/layers.ts';
import type { ValidationIssue } from '../validation/schema-validator.ts';

/** The tool_result text for a schema violation: what was wrong and the schema to follow. */
export function validationFailedText(issues: ValidationIssue[], expectedSchema: JsonSchema): string {
  return JSON.stringify({ error: 'Validation failed', details: issues, expected_schema: expectedSchema });
}

/** The tool_result text for any other failure; always starts with `Error:` and says what to do. */
export function errorText(message: string): string {
  return message.startsWith('Error:') ? message : `Error: ${message}`;
}
