import type { JsonSchemaType } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { LinearJsonSchemaValidator } from './linear-json-schema-validator.ts';

describe('LinearJsonSchemaValidator', () => {
  it('checks patterns and formats as the SDK default does', () => {
    const check = new LinearJsonSchemaValidator().getValidator({
      type: 'object',
      properties: {
        sku: { type: 'string', pattern: '^SKU-\\d+$' },
        mail: { type: 'string', format: 'email' },
      },
    });
    expect(check({ sku: 'SKU-12', mail: 'a@example.com' }).valid).toBe(true);
    expect(check({ sku: 'sku' }).errorMessage).toBe('data/sku must match pattern "^SKU-\\d+$"');
    expect(check({ mail: 'not mail' }).errorMessage).toBe('data/mail must match format "email"');
  });

  it('compiles each schema by the engine of its $schema dialect', () => {
    // Tuple `items` are draft-07 only; the SDK's schema type is 2020-12's.
    const draft07Tuple = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'array',
      items: [{ type: 'string' }],
    } as unknown as JsonSchemaType;
    const tuple = new LinearJsonSchemaValidator().getValidator(draft07Tuple);
    expect(tuple(['a']).valid).toBe(true);
    expect(tuple([1]).valid).toBe(false);
  });

  it('refuses to compile a pattern RE2 cannot run', () => {
    expect(() =>
      new LinearJsonSchemaValidator().getValidator({ type: 'string', pattern: '(?<=a)b' }),
    ).toThrow(/cannot be matched in linear time/);
  });
});
