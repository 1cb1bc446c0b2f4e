import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectInMemory, type InMemoryConnection } from '../../test/support/connect-in-memory.ts';
import type { ShippedServer } from '../shipped-server.ts';
import { generateCatalog } from './generate-catalog.ts';
import type { Product } from './product.ts';
import { STATE_FILE_NAME } from './shop-state.ts';
import { startShop } from './start-shop.ts';

interface Summary {
  code: string;
  name: string;
  price: number;
  available: number;
}
interface CartResult {
  user: string;
  items: { code: string; name: string; quantity: number; lineTotal: number }[];
  itemCount: number;
  total: number;
}

const catalog = generateCatalog();
/** The first catalogue product matching `test`; fails loudly if the catalogue has none. */
function productWhere(test: (product: Product) => boolean): Product {
  const product = catalog.find(test);
  if (!product) throw new Error('The generated catalogue has no product for this test');
  return product;
}
const outOfStock = productWhere((product) => product.stock === 0);
const scarce = productWhere((product) => product.stock > 0 && product.stock < 10);
/** Codes of products with plenty of stock, distinct for each test. */
const plenty = catalog.filter((product) => product.stock >= 10).map((product) => product.code);
const [REMOVE_A, REMOVE_B, LOCAL_ITEM, BOB_ITEM, PERSISTED, REPEATED] = plenty.slice(20);

/** What the gateway's authentication of a request for `user` gives the server. */
function authAs(user: string) {
  return { token: 't', clientId: 'gateway', scopes: [], extra: { userId: user } };
}

describe('shop server', () => {
  let dataDir: string;
  let shop: ShippedServer;
  let mcp: InMemoryConnection;

  const shoppers = new Map<string, InMemoryConnection>();
  /** A connection authenticated as `user`, as the gateway's requests for that user are: their own cart. */
  const shopper = async (user: string) => {
    let connection = shoppers.get(user);
    if (!connection) {
      connection = await connectInMemory(shop.createServer, authAs(user));
      shoppers.set(user, connection);
    }
    return connection;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shop-test-'));
    shop = await startShop({ dataDir });
    mcp = await connectInMemory(shop.createServer);
  });
  afterAll(async () => {
    await Promise.all([...shoppers.values()].map((connection) => connection.close()));
    await mcp.close();
    await shop.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('offers its tools, each with a description', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'add_to_cart',
        'checkout',
        'get_cart',
        'get_product',
        'get_recipe',
        'list_recipes',
        'remove_from_cart',
        'search_products',
        'search_recipes',
        'show_cart',
        'show_products',
      ].sort(),
    );
    for (const tool of tools) expect(tool.description?.length).toBeGreaterThan(40);
    expect(mcp.client.getInstructions()).toMatch(/search_products/);
  });

  it('searches the catalogue, best match first, within a category, and says when nothing matches', async () => {
    const milk = await mcp.callJson<{ total: number; products: Summary[] }>('search_products', {
      query: 'milk',
    });
    expect(milk.products[0]).toMatchObject({ code: 'DAI-001', name: 'Full Cream Milk 1L', currency: 'EUR' });
    expect(milk.products[0].available).toBeGreaterThan(0);
    expect(milk.products.length).toBe(10);
    expect(milk.total).toBeGreaterThan(10);

    const bakery = await mcp.callJson<{ products: Summary[] }>('search_products', {
      query: '',
      category: 'bakery',
      limit: 3,
    });
    expect(bakery.products.map((product) => product.code)).toEqual(['BAK-001', 'BAK-002', 'BAK-003']);

    const none = await mcp.callJson<{ total: number; note: string }>('search_products', { query: 'unicorn' });
    expect(none.total).toBe(0);
    expect(none.note).toMatch(/No product matches/);

    const badCategory = await mcp.call('search_products', { query: 'milk', category: 'toys' });
    expect(badCategory.isError).toBe(true);
  });

  it('gets a product with its picture and refuses an unknown code with suggestions', async () => {
    const product = await mcp.callJson<{ name: string; image: string; description: string }>('get_product', {
      code: 'bak-001',
    });
    expect(product.name).toBe('Sourdough Bread');
    expect(product.image).toMatch(/^data:image\/svg\+xml;base64,/);

    const unknown = await mcp.call('get_product', { code: 'milk' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/Unknown product code 'milk'/);
    expect(unknown.text).toMatch(/DAI-001 \(Full Cream Milk 1L\)/);
  });

  it('adds milk and bread: search, add, search, add — the cart has both', async () => {
    const customer = await shopper('milk-and-bread');
    const milk = await mcp.callJson<{ products: Summary[] }>('search_products', { query: 'milk' });
    await customer.callJson('add_to_cart', { code: milk.products[0].code });
    const bread = await mcp.callJson<{ products: Summary[] }>('search_products', { query: 'bread' });
    const added = await customer.callJson<{ added: { name: string }; cart: CartResult }>('add_to_cart', {
      code: bread.products[0].code,
    });
    expect(added.added.name).toBe('Sourdough Bread');
    const cart = await customer.callJson<CartResult>('get_cart');
    expect(cart.items.map((item) => item.name)).toEqual(['Full Cream Milk 1L', 'Sourdough Bread']);
    expect(cart.itemCount).toBe(2);
    expect(cart.total).toBeCloseTo(milk.products[0].price + bread.products[0].price, 2);
  });

  it('adds to an existing line and refuses out-of-stock products and quantities beyond stock', async () => {
    const customer = await shopper('stock-checks');
    await customer.callJson('add_to_cart', { code: REPEATED, quantity: 2 });
    const twice = await customer.callJson<{ cart: CartResult }>('add_to_cart', {
      code: REPEATED,
      quantity: 3,
    });
    expect(twice.cart.items).toMatchObject([{ code: REPEATED, quantity: 5 }]);

    const out = await customer.call('add_to_cart', { code: outOfStock.code });
    expect(out.isError).toBe(true);
    expect(out.text).toContain(`${outOfStock.name} (${outOfStock.code}) is out of stock`);

    const tooMany = await customer.call('add_to_cart', { code: scarce.code, quantity: scarce.stock + 1 });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.text).toContain(`Only ${scarce.stock} of ${scarce.name}`);

    const zero = await customer.call('add_to_cart', { code: REPEATED, quantity: 0 });
    expect(zero.isError).toBe(true);

    const unknown = await customer.call('add_to_cart', { code: 'NOPE-1' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/Unknown product code/);
  });

  it('removes some units, then a whole line, and refuses a product not in the cart', async () => {
    const customer = await shopper('remover');
    await customer.callJson('add_to_cart', { code: REMOVE_A, quantity: 4 });
    await customer.callJson('add_to_cart', { code: REMOVE_B });
    const fewer = await customer.callJson<{ cart: CartResult }>('remove_from_cart', {
      code: REMOVE_A,
      quantity: 3,
    });
    expect(fewer.cart.items.find((item) => item.code === REMOVE_A)?.quantity).toBe(1);
    const gone = await customer.callJson<{ cart: CartResult }>('remove_from_cart', { code: REMOVE_A });
    expect(gone.cart.items.map((item) => item.code)).toEqual([REMOVE_B]);
    const missing = await customer.call('remove_from_cart', { code: REMOVE_A });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/is not in the cart/);
  });

  it('refuses to check out an empty cart, then checks out, empties the cart and takes stock', async () => {
    const customer = await shopper('buyer');
    const empty = await customer.call('checkout');
    expect(empty.isError).toBe(true);
    expect(empty.text).toMatch(/cart is empty/);

    const before = await mcp.callJson<{ available: number }>('get_product', { code: scarce.code });
    await customer.callJson('add_to_cart', { code: scarce.code, quantity: 2 });
    const { order } = await customer.callJson<{ order: { id: string; total: number; lines: unknown[] } }>(
      'checkout',
    );
    expect(order.id).toMatch(/^ORD-\d{6}$/);
    expect(order.lines).toHaveLength(1);
    expect(order.total).toBeCloseTo(scarce.price * 2, 2);
    expect((await customer.callJson<CartResult>('get_cart')).items).toEqual([]);
    const after = await mcp.callJson<{ available: number }>('get_product', { code: scarce.code });
    expect(after.available).toBe(before.available - 2);
  });

  it('refuses a checkout when another order took the stock meanwhile', async () => {
    const product = productWhere(
      (candidate) => candidate.stock > 2 && candidate.stock < 20 && candidate !== scarce,
    );
    const [slow, fast] = [await shopper('slow'), await shopper('fast')];
    await slow.callJson('add_to_cart', { code: product.code, quantity: product.stock });
    await fast.callJson('add_to_cart', { code: product.code, quantity: 1 });
    await fast.callJson('checkout');
    const late = await slow.call('checkout');
    expect(late.isError).toBe(true);
    expect(late.text).toContain(`Not enough stock to check out: ${product.name}`);
  });

  it('returns widget data for products (cards or table) and for the cart', async () => {
    const cards = await mcp.callJson<{ widget: string; params: { items: Record<string, string>[] } }>(
      'show_products',
      { query: 'cheese', limit: 4 },
    );
    expect(cards.widget).toBe('cards');
    expect(cards.params.items).toHaveLength(4);
    expect(cards.params.items[0]).toMatchObject({
      title: expect.stringMatching(/Cheese|Mature/),
      price: expect.stringMatching(/^€\d+\.\d9$/),
    });
    expect(cards.params.items[0].image).toMatch(/^data:image\/svg\+xml;base64,/);

    const table = await mcp.callJson<{
      widget: string;
      params: { columns: { key: string }[]; rows: object[] };
    }>('show_products', { codes: ['DAI-001', 'BAK-001'], layout: 'table' });
    expect(table.widget).toBe('table');
    expect(table.params.columns.map((column) => column.key)).toEqual([
      'code',
      'name',
      'category',
      'price',
      'stock',
    ]);
    expect(table.params.rows).toMatchObject([{ code: 'DAI-001' }, { code: 'BAK-001' }]);

    const cart = await (await shopper('milk-and-bread')).callJson<{
      widget: string;
      params: { rows: Record<string, unknown>[] };
    }>('show_cart');
    expect(cart.widget).toBe('table');
    expect(cart.params.rows.map((row) => row.name)).toEqual([
      'Full Cream Milk 1L',
      'Sourdough Bread',
      'Total',
    ]);

    const nothing = await mcp.call('show_products', { query: 'unicorn' });
    expect(nothing.isError).toBe(true);
  });

  it('keeps one cart per authenticated user, and one local cart without authentication, whatever user an argument names', async () => {
    await mcp.callJson('add_to_cart', { code: LOCAL_ITEM });
    const local = await mcp.callJson<CartResult>('get_cart', { user: 'bob' });
    expect(local.user).toBe('local');
    expect(local.items.map((item) => item.code)).toEqual([LOCAL_ITEM]);

    const bob = await shopper('bob');
    await bob.callJson('add_to_cart', { code: BOB_ITEM, user: 'local' });
    const bobs = await bob.callJson<CartResult>('get_cart', { user: 'local' });
    expect(bobs.user).toBe('bob');
    expect(bobs.items.map((item) => item.code)).toEqual([BOB_ITEM]);
    expect((await mcp.callJson<CartResult>('get_cart')).items.map((item) => item.code)).toEqual([LOCAL_ITEM]);
  });

  it('offers no user argument: the caller is never taken from arguments', async () => {
    const { tools } = await mcp.client.listTools();
    for (const tool of tools) expect(Object.keys(tool.inputSchema.properties ?? {})).not.toContain('user');
  });

  it('keeps carts across a restart of the server', async () => {
    await (await shopper('persistent')).callJson('add_to_cart', { code: PERSISTED, quantity: 2 });
    await shop.close();
    expect(JSON.parse(await readFile(join(dataDir, STATE_FILE_NAME), 'utf8')).carts.persistent).toEqual([
      { code: PERSISTED, quantity: 2 },
    ]);

    const restarted = await startShop({ dataDir });
    const persistent = await connectInMemory(restarted.createServer, authAs('persistent'));
    const cart = await persistent.callJson<CartResult>('get_cart');
    expect(cart.items).toMatchObject([{ code: PERSISTED, quantity: 2 }]);
    const milkAndBread = await connectInMemory(restarted.createServer, authAs('milk-and-bread'));
    expect((await milkAndBread.callJson<CartResult>('get_cart')).itemCount).toBe(2);
    await persistent.close();
    await milkAndBread.close();
    await restarted.close();
  });

  it('serves recipes whose front matter names tools and widgets', async () => {
    const { recipes } = await mcp.callJson<{ recipes: { name: string; widgets: string[] }[] }>(
      'list_recipes',
    );
    expect(recipes.map((recipe) => recipe.name)).toEqual([
      'add-to-cart',
      'browse-products',
      'review-and-checkout',
    ]);
    const found = await mcp.callJson<{ recipes: { name: string }[] }>('search_recipes', {
      query: 'add milk to my cart',
    });
    expect(found.recipes[0].name).toBe('add-to-cart');
    const text = (await mcp.call('get_recipe', { name: 'add-to-cart' })).text;
    expect(text).toContain('Tools: search_products → add_to_cart → show_cart');
    const { resources } = await mcp.client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain('recipe://shop/add-to-cart');
  });
});
