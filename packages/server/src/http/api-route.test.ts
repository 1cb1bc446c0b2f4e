import { SchemaValidator } from '@switchboard/core';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { GatewayEnv } from '../services/gateway-services.ts';
import { ApiError } from './api-error.ts';
import { apiRoute, mountRoutes, named, namedSchemasIn, openApiPaths } from './api-route.ts';

const Tag = named('Tag', { type: 'object', properties: { label: { type: 'string' } } });
const NoteInput = named('NoteInput', {
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: { text: { type: 'string', minLength: 1 }, pinned: { type: 'boolean' } },
});
const NoteQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { format: { enum: ['short', 'long'], description: 'How much to say.' } },
} as const;

/** Two routes of a notes API: one reads its body and query, one its optional body. */
const routes = [
  apiRoute({
    method: 'post',
    path: '/notes/{id}',
    summary: 'Write a note',
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    query: NoteQuery,
    body: NoteInput,
    responses: { '200': { description: 'OK', content: { 'application/json': { schema: Tag } } } },
    async handle(c, { body, query }) {
      const note = await body();
      // Typed from the schemas: `text` a string, `pinned` an optional boolean, `format` one of two.
      const text: string = note.text;
      const pinned: boolean | undefined = note.pinned;
      const format: 'short' | 'long' | undefined = query().format;
      return c.json({ id: c.req.param('id'), text, pinned: pinned ?? false, format: format ?? 'long' });
    },
  }),
  apiRoute({
    method: 'put',
    path: '/notes/{id}/tag',
    summary: 'Tag a note',
    body: named('TagInput', { type: 'object', properties: { tags: { type: 'array', items: Tag } } }),
    optionalBody: true,
    responses: { '200': { description: 'Tagged' } },
    handle: async (c, { body }) => c.json({ tags: (await body()).tags ?? [] }),
  }),
];

function notesApp(): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  const services = { validator: new SchemaValidator(), limits: { maxBodyBytes: 1_000 } } as never;
  mountRoutes(app, routes, services);
  app.onError((error, c) =>
    error instanceof ApiError
      ? c.json({ code: error.code, message: error.message }, error.status)
      : c.text('', 500),
  );
  return app;
}

const post = (app: Hono<GatewayEnv>, path: string, body: unknown) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('apiRoute: one description of a route', () => {
  it('mounts the route at its OpenAPI path, with its body and query validated against their schemas', async () => {
    const app = notesApp();
    const ok = await post(app, '/notes/n1?format=short', { text: 'milk', pinned: true });
    expect(await ok.json()).toEqual({ id: 'n1', text: 'milk', pinned: true, format: 'short' });

    const empty = await post(app, '/notes/n1', { text: '' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toMatch(/^invalid body: \/text /);

    const unknownQuery = await post(app, '/notes/n1?colour=red', { text: 'milk' });
    expect(unknownQuery.status).toBe(400);
    expect(((await unknownQuery.json()) as { message: string }).message).toMatch(/^invalid query/);
  });

  it('reads a left-out optional body as {}, and one that is sent against its schema', async () => {
    const app = notesApp();
    const without = await app.request('/notes/n1/tag', { method: 'PUT' });
    expect(await without.json()).toEqual({ tags: [] });
    const sent = await app.request('/notes/n1/tag', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tags: [{ label: 'home' }] }),
    });
    expect(await sent.json()).toEqual({ tags: [{ label: 'home' }] });
    const invalid = await app.request('/notes/n1/tag', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tags: 'home' }),
    });
    expect(invalid.status).toBe(400);
  });

  it('documents each operation, its parameters and body, and publishes every named schema once', () => {
    const paths = openApiPaths(routes);
    expect(paths['/notes/{id}'].post).toEqual({
      summary: 'Write a note',
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
        {
          name: 'format',
          in: 'query',
          required: false,
          schema: NoteQuery.properties.format,
          description: 'How much to say.',
        },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: NoteInput } } },
      responses: { '200': { description: 'OK', content: { 'application/json': { schema: Tag } } } },
    });
    expect(paths['/notes/{id}/tag'].put).toMatchObject({ requestBody: { required: false } });

    const document = JSON.parse(JSON.stringify({ paths, schemas: namedSchemasIn(paths) }));
    expect(document.paths['/notes/{id}'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/NoteInput',
    });
    expect(Object.keys(document.schemas).sort()).toEqual(['NoteInput', 'Tag', 'TagInput']);
    // A named schema inside another is a reference there too.
    expect(document.schemas.TagInput.properties.tags.items).toEqual({ $ref: '#/components/schemas/Tag' });
  });
});
