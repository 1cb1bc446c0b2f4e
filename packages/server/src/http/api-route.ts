import type { JsonSchema } from '@switchboard/core';
import type { Context, Hono } from 'hono';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { GatewayEnv, GatewayServices } from '../services/gateway-services.ts';
import { readBody } from './read-body.ts';
import { readQuery } from './read-query.ts';

/** The HTTP methods of the API's routes. */
export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

const COMPONENT = Symbol('component');

/**
 * A schema the OpenAPI document publishes once, under `components.schemas[name]`: where it is used
 * (a route's body, a response, another schema) it is written as its `$ref`.
 */
export interface NamedSchema<S extends JSONSchema = JSONSchema> {
  readonly $ref: string;
  readonly [COMPONENT]: { readonly name: string; readonly schema: S };
}

/** Names `schema` as the component `name` (see {@link NamedSchema}). */
export function named<const S extends JSONSchema>(name: string, schema: S): NamedSchema<S> {
  return { $ref: `#/components/schemas/${name}`, [COMPONENT]: { name, schema } };
}

/** The value a JSON Schema describes, as the handler of a route receives it. */
export type SchemaValue<S> = S extends JSONSchema
  ? FromSchema<S, { keepDefaultedPropertiesOptional: true }>
  : never;

/** What a route's handler is given besides its context: the services, and its body and query read against their schemas. */
export interface RouteInput<Body, Query> {
  services: GatewayServices;
  /**
   * The body: JSON of at most `limits.maxBodyBytes`, validated against the route's `body` schema
   * (415, 413 and 400 answers otherwise). A handler reads it where its checks put it: a route that
   * refuses some callers outright does so before it looks at the body.
   */
  body(): Promise<Body>;
  /** The query parameters, validated against the route's `query` schema (a 400 for any it does not name). */
  query(): Query;
}

/**
 * One route of the API, described once: its handler, and the schemas its body and query are
 * validated against, from which the handler's types and its OpenAPI operation both come.
 */
export interface ApiRoute<Body extends JSONSchema = JSONSchema, Query extends JSONSchema = JSONSchema> {
  method: RouteMethod;
  /** The path as OpenAPI writes it: `/conversations/{id}/chat`. */
  path: string;
  summary: string;
  description?: string;
  /** `[]` for a route that takes no credentials. */
  security?: [];
  /** Its path and header parameters, as OpenAPI parameter objects. */
  parameters?: readonly Record<string, unknown>[];
  /** Its query: an object schema of string values, each documented as a query parameter. */
  query?: Query;
  /** Its JSON body. */
  body?: NamedSchema<Body>;
  /** The body may be left out (so documented): `body()` then reads as `{}`. */
  optionalBody?: true;
  /** Its OpenAPI responses, by status. */
  responses: Record<string, unknown>;
  handle(
    c: Context<GatewayEnv>,
    input: RouteInput<SchemaValue<Body>, SchemaValue<Query>>,
  ): Response | Promise<Response>;
}

/** A route as the gateway mounts and documents it, its schemas' types forgotten. */
export type AnyApiRoute = Omit<ApiRoute, 'handle' | 'body' | 'query'> & {
  query?: JSONSchema;
  body?: NamedSchema;
  handle(c: Context<GatewayEnv>, input: RouteInput<unknown, unknown>): Response | Promise<Response>;
};

/** Defines a route; the types of its handler's body and query come from its schemas. */
export function apiRoute<
  const Body extends JSONSchema = JSONSchema,
  const Query extends JSONSchema = JSONSchema,
>(route: ApiRoute<Body, Query>): AnyApiRoute {
  return route as AnyApiRoute;
}

/** Mounts `routes` on `app`, in order (`/conversations/{id}` becomes Hono's `/conversations/:id`). */
export function mountRoutes(
  app: Hono<GatewayEnv>,
  routes: readonly AnyApiRoute[],
  services: GatewayServices,
): void {
  for (const route of routes) {
    // Made once per route: the validator compiles a schema once per schema object.
    const bodySchema = route.body === undefined ? undefined : (inlined(route.body) as JsonSchema);
    const querySchema = route.query === undefined ? undefined : (inlined(route.query) as JsonSchema);
    app.on(route.method.toUpperCase(), route.path.replace(/\{(\w+)\}/g, ':$1'), (c) =>
      route.handle(c, {
        services,
        body: () =>
          route.optionalBody && !c.req.header('content-type')
            ? Promise.resolve({})
            : readBody(c, schemaOf(bodySchema, route), services),
        query: () => readQuery(c, schemaOf(querySchema, route), services),
      }),
    );
  }
}

function schemaOf(schema: JsonSchema | undefined, route: AnyApiRoute): JsonSchema {
  if (schema === undefined)
    throw new Error(`${route.method.toUpperCase()} ${route.path} reads a body or query it has no schema for`);
  return schema;
}

/** The schema with every named schema in it written out, as the validator reads it (it resolves no `$ref`). */
function inlined(value: unknown): unknown {
  if (isNamed(value)) return inlined(value[COMPONENT].schema);
  if (Array.isArray(value)) return value.map(inlined);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inlined(item)]));
  return value;
}

function isNamed(value: unknown): value is NamedSchema {
  return typeof value === 'object' && value !== null && COMPONENT in value;
}

/** The OpenAPI `paths` of `routes` (see {@link namedSchemasIn} for the schemas they name). */
export function openApiPaths(routes: readonly AnyApiRoute[]): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters = [...(route.parameters ?? []), ...queryParameters(route.query)];
    paths[route.path] ??= {};
    paths[route.path][route.method] = {
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      ...(route.security ? { security: route.security } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: !route.optionalBody,
              content: { 'application/json': { schema: route.body } },
            },
          }
        : {}),
      responses: route.responses,
    };
  }
  return paths;
}

/** Every named schema `value` uses, directly or through other named schemas. */
export function namedSchemasIn(value: unknown, found: Record<string, unknown> = {}): Record<string, unknown> {
  if (isNamed(value)) {
    const { name, schema } = value[COMPONENT];
    if (name in found) return found;
    found[name] = schema;
    return namedSchemasIn(schema, found);
  }
  if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) namedSchemasIn(item, found);
  return found;
}

/** The query parameters an object schema of string values describes. */
function queryParameters(schema: JSONSchema | undefined): Record<string, unknown>[] {
  if (typeof schema !== 'object') return [];
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}
