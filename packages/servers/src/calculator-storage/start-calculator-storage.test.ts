import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectInMemory, type InMemoryConnection } from '../../test/support/connect-in-memory.ts';
import type { ShippedServer } from '../shipped-server.ts';
import { KEY_NOT_FOUND, startCalculatorStorage } from './start-calculator-storage.ts';

describe('calculator-storage server', () => {
  let shipped: ShippedServer;
  let mcp: InMemoryConnection;

  beforeAll(async () => {
    shipped = await startCalculatorStorage();
    mcp = await connectInMemory(shipped.createServer);
  });
  afterAll(async () => {
    await mcp.close();
    await shipped.close();
  });

  it('lists its tools with descriptions', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'calculate',
      'get-storage',
      'get_recipe',
      'list_recipes',
      'search_recipes',
      'set-storage',
    ]);
    for (const tool of tools) expect(tool.description?.length).toBeGreaterThan(20);
    expect(mcp.client.getServerVersion()?.description).toContain('calculate');
    expect(mcp.client.getInstructions()).toContain('set-storage');
  });

  it.each([
    ['add', 5, 3, '8'],
    ['subtract', 5, 3, '2'],
    ['multiply', 5, 3, '15'],
    ['divide', 10, 2, '5'],
    ['divide', 1, 4, '0.25'],
  ])('calculate %s(%d, %d) = %s', async (operation, a, b, expected) => {
    expect(await mcp.call('calculate', { operation, a, b })).toEqual({ text: expected, isError: false });
  });

  it('refuses division by zero', async () => {
    const result = await mcp.call('calculate', { operation: 'divide', a: 1, b: 0 });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/divide by zero/i);
  });

  it('refuses a non-number operand and an unknown operation', async () => {
    const notNumber = await mcp.call('calculate', { operation: 'add', a: 'five', b: 3 });
    expect(notNumber.isError).toBe(true);
    expect(notNumber.text).toMatch(/\ba\b/);
    const unknown = await mcp.call('calculate', { operation: 'power', a: 2, b: 3 });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/operation/);
  });

  it('refuses a result too large to represent', async () => {
    const result = await mcp.call('calculate', { operation: 'multiply', a: 1e308, b: 10 });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/too large/);
  });

  it('stores a value and reads it back through the tool and the resource', async () => {
    expect(await mcp.call('set-storage', { key: 'greeting', value: 'hello' })).toEqual({
      text: 'Stored value at key: greeting',
      isError: false,
    });
    expect((await mcp.call('get-storage', { key: 'greeting' })).text).toBe('hello');
    const read = await mcp.client.readResource({ uri: 'storage://greeting' });
    expect(read.contents[0]).toMatchObject({ uri: 'storage://greeting', text: 'hello' });
    const { resources } = await mcp.client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain('storage://greeting');
  });

  it("completes the storage://{key} template's key from the stored keys", async () => {
    await mcp.call('set-storage', { key: 'greeting', value: 'hello' });
    await mcp.call('set-storage', { key: 'green tea', value: 'hot' });
    await mcp.call('set-storage', { key: 'colour', value: 'blue' });
    const { completion } = await mcp.client.complete({
      ref: { type: 'ref/resource', uri: 'storage://{key}' },
      argument: { name: 'key', value: 'gre' },
    });
    expect(completion.values).toEqual(['green tea', 'greeting']);
  });

  it('without authentication, keeps one local store for every connection', async () => {
    const other = await connectInMemory(shipped.createServer);
    await other.call('set-storage', { key: 'shared', value: 'yes' });
    await other.close();
    expect((await mcp.call('get-storage', { key: 'shared' })).text).toBe('yes');
  });

  it("keeps each authenticated user's values, resource list and completions to that user", async () => {
    const as = (user: string) =>
      connectInMemory(shipped.createServer, {
        token: 't',
        clientId: 'gateway',
        scopes: [],
        extra: { userId: user },
      });
    const [alice, bob] = [await as('alice'), await as('bob')];
    await alice.call('set-storage', { key: 'alice-pin', value: '4711' });
    expect((await alice.call('get-storage', { key: 'alice-pin' })).text).toBe('4711');

    expect((await bob.call('get-storage', { key: 'alice-pin' })).text).toBe(KEY_NOT_FOUND);
    expect((await mcp.call('get-storage', { key: 'alice-pin' })).text).toBe(KEY_NOT_FOUND);
    const read = await bob.client.readResource({ uri: 'storage://alice-pin' });
    expect(read.contents[0]).toMatchObject({ text: KEY_NOT_FOUND });
    const storageUris = async (connection: InMemoryConnection) =>
      (await connection.client.listResources()).resources
        .map((resource) => resource.uri)
        .filter((uri) => uri.startsWith('storage://'));
    expect(await storageUris(alice)).toEqual(['storage://alice-pin']);
    expect(await storageUris(bob)).toEqual([]);
    const completed = async (connection: InMemoryConnection) =>
      (
        await connection.client.complete({
          ref: { type: 'ref/resource', uri: 'storage://{key}' },
          argument: { name: 'key', value: 'alice' },
        })
      ).completion.values;
    expect(await completed(alice)).toEqual(['alice-pin']);
    expect(await completed(bob)).toEqual([]);
    await alice.close();
    await bob.close();
  });

  it('answers "Key not found" for a missing key', async () => {
    expect((await mcp.call('get-storage', { key: 'nothing-here' })).text).toBe(KEY_NOT_FOUND);
    const read = await mcp.client.readResource({ uri: 'storage://nothing-here' });
    expect(read.contents[0]).toMatchObject({ uri: 'storage://nothing-here', text: KEY_NOT_FOUND });
  });

  it('round-trips keys that need URI encoding', async () => {
    await mcp.call('set-storage', { key: 'my key', value: 'spaced' });
    const { resources } = await mcp.client.listResources();
    const uri = resources.find((resource) => resource.name === 'my key')?.uri;
    expect(uri).toBe('storage://my%20key');
    const read = await mcp.client.readResource({ uri: uri as string });
    expect(read.contents[0]).toMatchObject({ text: 'spaced' });
  });

  it("serves its recipes as prompts too, each putting the recipe to the model as the person's message", async () => {
    const { prompts } = await mcp.client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(['arithmetic', 'remember-a-value']);
    expect(prompts[0]).toMatchObject({ title: 'Do arithmetic exactly' });
    const prompt = await mcp.client.getPrompt({ name: 'arithmetic' });
    expect(prompt.messages).toEqual([
      {
        role: 'user',
        content: {
          type: 'text',
          text: expect.stringMatching(
            /^Follow this recipe of the calculator-storage server\.\n\n# Do arithmetic exactly/,
          ),
        },
      },
    ]);
    expect(prompt.messages[0].content).toMatchObject({ text: expect.stringContaining('calculate') });
  });

  it('serves its recipes as tools and resources', async () => {
    const list = await mcp.callJson<{ recipes: { name: string }[] }>('list_recipes');
    expect(list.recipes.map((recipe) => recipe.name)).toEqual(['arithmetic', 'remember-a-value']);
    const found = await mcp.callJson<{ recipes: { name: string }[] }>('search_recipes', {
      query: 'remember greeting',
    });
    expect(found.recipes[0].name).toBe('remember-a-value');
    expect((await mcp.call('get_recipe', { name: 'arithmetic' })).text).toContain('calculate');
    const read = await mcp.client.readResource({ uri: 'recipe://calculator-storage/arithmetic' });
    expect(read.contents[0]).toMatchObject({ mimeType: 'text/markdown' });
    const unknown = await mcp.call('get_recipe', { name: 'nope' });
    expect(unknown).toMatchObject({ isError: true });
    expect(unknown.text).toContain('arithmetic, remember-a-value');
  });
});
