/** The JSON Schema dialects schemas are checked by. */
export type JsonSchemaDialect = '2020-12' | '2019-09' | 'draft-07';

/**
 * The dialect a schema declares with `$schema`: 2020-12, 2019-09 or draft-07 (draft-06 reads as
 * draft-07); undefined when it declares none or one of these it is not.
 */
export function declaredJsonSchemaDialect(schema: { $schema?: unknown }): JsonSchemaDialect | undefined {
  const declared = typeof schema.$schema === 'string' ? schema.$schema.replace(/#$/, '') : '';
  if (declared.endsWith('json-schema.org/draft/2020-12/schema')) return '2020-12';
  if (declared.endsWith('json-schema.org/draft/2019-09/schema')) return '2019-09';
  if (
    declared.endsWith('json-schema.org/draft-07/schema') ||
    declared.endsWith('json-schema.org/draft-06/schema')
  )
    return 'draft-07';
  return undefined;
}
