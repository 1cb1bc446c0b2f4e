import { McpServer, type McpServerFactory, ResourceTemplate } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { userOf } from '../launcher/user-of.ts';
import { loadRecipes } from '../recipes/load-recipes.ts';
import { RecipeBook } from '../recipes/recipe-book.ts';
import { registerRecipes } from '../recipes/register-recipes.ts';
import type { ShippedServer } from '../shipped-server.ts';
import { runTool, textResult } from '../tool-result.ts';
import { calculate, OPERATIONS } from './calculate.ts';

const NAME = 'calculator-storage';

const DESCRIPTION =
  'Arithmetic and a small key-value memory. Use `calculate` for add/subtract/multiply/divide on two ' +
  'numbers instead of doing arithmetic in your head; use `set-storage` to remember a text value under a ' +
  'key and `get-storage` (or the resource storage://{key}) to read it back. Values live in memory ' +
  'for as long as the server runs; each user the connection authenticates has their own, which no one ' +
  'else can read, list or complete.';

/** The answer for a key that holds nothing (the seed's wording). */
export const KEY_NOT_FOUND = 'Key not found';

/**
 * Starts the calculator and storage server: `calculate`, `set-storage`, `get-storage`, the
 * resource template `storage://{key}` (its key completed from the stored keys), and recipes.
 * Storage is in memory, one store per user: each request's server instance works on the store of
 * the user its authentication names (see {@link userOf}; one local store without authentication),
 * so values, resource listings and completions never show another user's keys.
 */
export async function startCalculatorStorage(): Promise<ShippedServer> {
  const book = new RecipeBook(await loadRecipes(new URL('./recipes/', import.meta.url)));
  const stores = new Map<string, Map<string, string>>();
  const storeOf = (user: string) => {
    let store = stores.get(user);
    if (!store) {
      store = new Map();
      stores.set(user, store);
    }
    return store;
  };

  const createServer: McpServerFactory = (context) => {
    // The factory runs once per HTTP request (once per stdio connection): the caller is known here.
    const storage = storeOf(userOf(context?.authInfo));
    const server = new McpServer(
      { name: NAME, title: 'Calculator and storage', version: '0.1.0', description: DESCRIPTION },
      { instructions: DESCRIPTION },
    );

    server.registerTool(
      'calculate',
      {
        title: 'Calculate',
        description:
          'Perform one arithmetic operation on two numbers: add (a + b), subtract (a - b), multiply (a * b) ' +
          'or divide (a / b). Returns the result as text, e.g. "8". Chain calls for longer expressions.',
        inputSchema: z.object({
          operation: z.enum(OPERATIONS).describe('add, subtract, multiply or divide'),
          a: z.number().describe('First operand'),
          b: z.number().describe('Second operand (not 0 for divide)'),
        }),
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      },
      ({ operation, a, b }) => runTool(() => textResult(String(calculate(operation, a, b)))),
    );

    server.registerTool(
      'set-storage',
      {
        title: 'Store a value',
        description:
          'Remember a text value under a key (overwrites any previous value). Read it back with get-storage.',
        inputSchema: z.object({
          key: z.string().min(1).describe('Name to store the value under, e.g. "greeting"'),
          value: z.string().describe('Text to store'),
        }),
        // Overwrites what the key held.
        annotations: {
          readOnlyHint: false,
          destructiveHint: true,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      ({ key, value }) => {
        storage.set(key, value);
        return textResult(`Stored value at key: ${key}`);
      },
    );

    server.registerTool(
      'get-storage',
      {
        title: 'Read a stored value',
        description: `Read the value stored under a key with set-storage. Answers "${KEY_NOT_FOUND}" when the key holds nothing.`,
        inputSchema: z.object({ key: z.string().min(1).describe('The key to look up') }),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      ({ key }) => textResult(storage.get(key) ?? KEY_NOT_FOUND),
    );

    server.registerResource(
      'storage',
      new ResourceTemplate('storage://{key}', {
        list: () => ({
          resources: [...storage.keys()].map((key) => ({
            uri: `storage://${encodeURIComponent(key)}`,
            name: key,
            mimeType: 'text/plain',
          })),
        }),
        // `completion/complete` suggests the stored keys that start with what was typed.
        complete: { key: (typed) => [...storage.keys()].filter((key) => key.startsWith(typed)).sort() },
      }),
      {
        title: 'Stored value',
        description: 'The value stored under {key}, or "Key not found".',
        mimeType: 'text/plain',
      },
      (uri, variables) => {
        const raw = variables.key;
        const key = decodeURIComponent(Array.isArray(raw) ? raw.join('/') : (raw ?? ''));
        return {
          contents: [{ uri: uri.href, mimeType: 'text/plain', text: storage.get(key) ?? KEY_NOT_FOUND }],
        };
      },
    );

    registerRecipes(server, NAME, book);
    return server;
  };

  return {
    name: NAME,
    description: DESCRIPTION,
    createServer,
    close: async () => stores.clear(),
  };
}
