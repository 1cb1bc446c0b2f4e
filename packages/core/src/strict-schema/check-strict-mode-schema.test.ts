import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../types/index.ts';
import { checkStrictModeSchema } from './check-strict-mode-schema.ts';
import { sanitizeSchema } from './sanitize-schema.ts';

const valid: JsonSchema = {
  type: 'object',
  properties: {
    city: { type: 'string', description: 'City', format: 'date' },
    days: { type: ['integer', 'null'], minimum: 1 },
    unit: { type: ['string', 'null'], enum: ['c', 'f', null] },
    points: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: { x: { type: 'number' } },
        required: ['x'],
        additionalProperties: false,
      },
    },
  },
  required: ['city', 'days', 'unit', 'points'],
  additionalProperties: false,
};

describe('checkStrictModeSchema: rules', () => {
  it('accepts a valid strict-mode schema', () => {
    expect(checkStrictModeSchema(valid)).toEqual([]);
  });

  it('accepts nested anyOf and $ref to $defs, as OpenAI does', () => {
    expect(
      checkStrictModeSchema({
        type: 'object',
        $defs: { P: { type: 'object', properties: {}, required: [], additionalProperties: false } },
        properties: { a: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/P' }] } },
        required: ['a'],
        additionalProperties: false,
      }),
    ).toEqual([]);
  });

  it.each([
    ['a non-object root', { type: 'string' }, '#: the root must have type "object"'],
    ['anyOf at the root', { ...valid, anyOf: [] }, '#: the root must not be anyOf'],
    [
      'a missing additionalProperties',
      { ...valid, additionalProperties: undefined },
      '#: additionalProperties must be false',
    ],
    [
      'an optional property',
      { ...valid, required: ['city', 'days', 'unit'] },
      '#: property "points" is not in "required"',
    ],
    [
      'an unsupported keyword',
      { ...valid, properties: { ...(valid.properties as object), city: { type: 'string', minLength: 1 } } },
      '#/properties/city: keyword "minLength" is not supported in strict mode',
    ],
    [
      'an unsupported format',
      { ...valid, properties: { ...(valid.properties as object), city: { type: 'string', format: 'uri' } } },
      '#/properties/city: format "uri" is not supported',
    ],
    [
      'a missing type',
      { ...valid, properties: { ...(valid.properties as object), city: { description: 'x' } } },
      '#/properties/city: missing "type"',
    ],
    [
      'a nullable enum without null',
      {
        ...valid,
        properties: { ...(valid.properties as object), unit: { type: ['string', 'null'], enum: ['c'] } },
      },
      '#/properties/unit: nullable enum must include null',
    ],
    [
      'an array without items',
      { ...valid, properties: { ...(valid.properties as object), points: { type: 'array' } } },
      '#/properties/points: array without "items"',
    ],
    [
      'a remote $ref',
      { ...valid, properties: { ...(valid.properties as object), city: { $ref: 'http://x' } } },
      '#/properties/city: $ref must point to "#" or "#/$defs/…"',
    ],
    [
      'oneOf',
      { ...valid, properties: { ...(valid.properties as object), city: { oneOf: [] } } },
      '#/properties/city: keyword "oneOf" is not supported in strict mode',
    ],
  ])('reports %s', (_name, schema, problem) => {
    const cleaned = JSON.parse(JSON.stringify(schema)) as JsonSchema;
    expect(checkStrictModeSchema(cleaned)).toContain(problem);
  });

  it('reports nesting deeper than 10 levels', () => {
    let schema: JsonSchema = { type: 'string' };
    for (let level = 0; level < 11; level++) {
      schema = { type: 'object', properties: { c: schema }, required: ['c'], additionalProperties: false };
    }
    expect(checkStrictModeSchema(schema)).toEqual([expect.stringContaining('nested deeper than 10 levels')]);
  });

  it('reports more than 5000 properties and more than 1000 enum values', () => {
    const properties: Record<string, JsonSchema> = {};
    for (let index = 0; index < 5001; index++) properties[`p${index}`] = { type: 'string', enum: ['a'] };
    const problems = checkStrictModeSchema({
      type: 'object',
      properties,
      required: Object.keys(properties),
      additionalProperties: false,
    });
    expect(problems).toContain('#: 5001 properties in total (limit 5000)');
    expect(problems).toContain('#: 5001 enum values in total (limit 1000)');
  });

  it('reports a non-object schema', () => {
    expect(checkStrictModeSchema('x')).toEqual(['#: the schema is not an object']);
  });
});

const dataFiles = ['toucan/servers.json', 'livemcpbench/servers.json'].map((file) =>
  fileURLToPath(new URL(`../../../../../shared/data/${file}`, import.meta.url)),
);
const dataAvailable = dataFiles.every((file) => existsSync(file));

interface DataServer {
  name: string;
  tools: Array<{ name: string; inputSchema: unknown }>;
}

describe.skipIf(!dataAvailable)(
  `every real tool schema passes the strict-mode check after sanitizing${dataAvailable ? '' : ' (SKIPPED: ../shared/data is missing)'}`,
  () => {
    for (const file of dataFiles) {
      it(`${file.split('/data/')[1]} (nested and flattened)`, () => {
        const servers = JSON.parse(readFileSync(file, 'utf8')) as DataServer[];
        const failures: string[] = [];
        let checked = 0;
        for (const server of servers) {
          for (const tool of server.tools) {
            for (const flatten of [false, true]) {
              const { schema } = sanitizeSchema(tool.inputSchema, { flatten });
              const problems = checkStrictModeSchema(schema);
              checked++;
              if (problems.length > 0) failures.push(`${server.name}/${tool.name}: ${problems.join('; ')}`);
            }
          }
        }
        expect(checked).toBeGreaterThan(1000);
        expect(failures).toEqual([]);
      });
    }

    it('the checker does reject most raw schemas (it is not vacuous)', () => {
      const servers = JSON.parse(readFileSync(dataFiles[1] as string, 'utf8')) as DataServer[];
      const tools = servers.flatMap((server) => server.tools);
      const rejected = tools.filter((tool) => checkStrictModeSchema(tool.inputSchema).length > 0);
      expect(rejected.length / tools.length).toBeGreaterThan(0.5);
    });
  },
);
