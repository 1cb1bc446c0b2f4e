import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { userOf } from '../launcher/user-of.ts';
import { loadRecipes } from '../recipes/load-recipes.ts';
import { RecipeBook } from '../recipes/recipe-book.ts';
import { registerRecipes } from '../recipes/register-recipes.ts';
import type { ShippedServer } from '../shipped-server.ts';
import { jsonResult, runTool, ToolError } from '../tool-result.ts';
import { DEFAULT_CATALOG_SEED, generateCatalog } from './generate-catalog.ts';
import { CATEGORY_TEMPLATES } from './product-templates.ts';
import { type Cart, MAX_LINE_QUANTITY, Shop } from './shop.ts';
import { ShopState } from './shop-state.ts';
import { cartTable, productCards, productTable } from './shop-widgets.ts';

const NAME = 'shop';

/** Environment variable naming the shop's data directory when no option does. */
export const SHOP_DATA_DIR_ENV = 'SWITCHBOARD_SHOP_DATA_DIR';

/** Options of {@link startShop}. */
export interface ShopOptions {
  /**
   * Folder for the shop's state file (carts, stock sold, orders). Defaults to the
   * `SWITCHBOARD_SHOP_DATA_DIR` environment variable, else `<os temp dir>/switchboard-shop`.
   */
  dataDir?: string;
  /** Seed of the generated catalogue; the default gives the same catalogue everywhere. */
  seed?: number;
}

const DESCRIPTION =
  'A grocery shop (demo data: a generated catalogue of a few hundred products — dairy, bakery, fruit & ' +
  'vegetables, meat & fish, pantry, drinks, snacks, frozen, household — with prices in euros, stock and ' +
  'pictures). Find products with search_products (one product type per search, e.g. "milk", then "bread"), ' +
  'put them in the cart with add_to_cart using the product code, review with get_cart, and place the order ' +
  'with checkout. show_products and show_cart return data for a cards or table widget. Each user the ' +
  'connection authenticates has their own cart, kept across restarts.';

const categoryIds = CATEGORY_TEMPLATES.map((category) => category.id) as [string, ...string[]];

const codeArgument = z.string().min(1).describe('Product code from search_products, e.g. "DAI-001"');

/** The cart as tool results show it: without pictures, which only cost tokens. */
function cartForModel(cart: Cart) {
  return { ...cart, items: cart.items.map(({ image: _image, ...item }) => item) };
}

/**
 * Starts the shop server: catalogue search, per-user carts, checkout, display tools for widgets,
 * and recipes. State is kept in a JSON file in the data directory.
 */
export async function startShop(options: ShopOptions = {}): Promise<ShippedServer> {
  const dataDir = options.dataDir ?? process.env[SHOP_DATA_DIR_ENV] ?? join(tmpdir(), 'switchboard-shop');
  const state = await ShopState.open(dataDir);
  const shop = new Shop(generateCatalog(options.seed ?? DEFAULT_CATALOG_SEED), state);
  const book = new RecipeBook(await loadRecipes(new URL('./recipes/', import.meta.url)));
  const available = (code: string) => shop.available(code);

  const createServer = () => {
    const server = new McpServer(
      { name: NAME, title: 'Shop', version: '0.1.0', description: DESCRIPTION },
      { instructions: DESCRIPTION },
    );

    server.registerTool(
      'search_products',
      {
        title: 'Search products',
        description:
          'Search the catalogue for one kind of product (e.g. "milk", "sourdough bread", "ice cream"). Results are ' +
          'ranked, best match first, with code, name, price and units available (0 = out of stock). For several ' +
          'products ("milk and bread"), search once per product. Use the code with add_to_cart or get_product.',
        inputSchema: z.object({
          query: z
            .string()
            .describe('What the shopper wants, e.g. "milk"; may be empty when a category is given'),
          category: z.enum(categoryIds).optional().describe('Only search this category'),
          limit: z.number().int().min(1).max(50).default(10).describe('Most results to return (default 10)'),
        }),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      ({ query, category, limit }) =>
        runTool(() => {
          const { total, products } = shop.search(query, { category, limit });
          const result: Record<string, unknown> = {
            query,
            ...(category ? { category } : {}),
            total,
            products: products.map((product) => shop.summarize(product)),
          };
          if (total === 0) {
            result.note = `No product matches '${query}'. Try a simpler word (e.g. "cheese") or one of the categories: ${categoryIds.join(', ')}.`;
          } else if (total > products.length) {
            result.note = `Showing ${products.length} of ${total} matches; refine the query or raise limit for more.`;
          }
          return jsonResult(result);
        }),
    );

    server.registerTool(
      'get_product',
      {
        title: 'Get a product',
        description:
          'Full details of one product by code: name, category, description, price, units available and a picture ' +
          '(data: URL).',
        inputSchema: z.object({ code: codeArgument }),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      ({ code }) => runTool(() => jsonResult(shop.details(shop.product(code)))),
    );

    server.registerTool(
      'add_to_cart',
      {
        title: 'Add to cart',
        description:
          "Add a product to the user's cart by code (from search_products). Fails with a clear message when the " +
          'product is unknown, out of stock, or the quantity is more than is available. Returns the updated cart.',
        inputSchema: z.object({
          code: codeArgument,
          quantity: z
            .number()
            .int()
            .min(1)
            .max(MAX_LINE_QUANTITY)
            .default(1)
            .describe('Units to add (default 1)'),
        }),
        // Changes the cart, only adding to it.
        annotations: {
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: false,
          openWorldHint: false,
        },
      },
      ({ code, quantity }, ctx) =>
        runTool(async () => {
          const cart = await shop.add(userOf(ctx.http?.authInfo), code, quantity);
          const product = shop.product(code);
          return jsonResult({
            added: { code: product.code, name: product.name, quantity },
            cart: cartForModel(cart),
          });
        }),
    );

    server.registerTool(
      'remove_from_cart',
      {
        title: 'Remove from cart',
        description:
          "Remove a product from the user's cart: the whole line, or only `quantity` units. Returns the updated cart.",
        inputSchema: z.object({
          code: codeArgument,
          quantity: z
            .number()
            .int()
            .min(1)
            .optional()
            .describe('Units to remove; omit to remove the product entirely'),
        }),
        annotations: {
          readOnlyHint: false,
          destructiveHint: true,
          idempotentHint: false,
          openWorldHint: false,
        },
      },
      ({ code, quantity }, ctx) =>
        runTool(async () =>
          jsonResult({ cart: cartForModel(await shop.remove(userOf(ctx.http?.authInfo), code, quantity)) }),
        ),
    );

    server.registerTool(
      'get_cart',
      {
        title: 'Get the cart',
        description:
          "The user's cart: each product with quantity, unit price and line total, the item count and the total.",
        inputSchema: z.object({}),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      (_args, ctx) => runTool(() => jsonResult(cartForModel(shop.cart(userOf(ctx.http?.authInfo))))),
    );

    server.registerTool(
      'checkout',
      {
        title: 'Check out',
        description:
          "Place the order for everything in the user's cart and empty the cart. Fails when the cart is empty or a " +
          'product no longer has enough stock. Returns the order (id, lines, total). Confirm with the user first.',
        inputSchema: z.object({}),
        // Places an order and empties the cart: not undone by calling anything else.
        annotations: {
          readOnlyHint: false,
          destructiveHint: true,
          idempotentHint: false,
          openWorldHint: false,
        },
      },
      (_args, ctx) =>
        runTool(async () => jsonResult({ order: await shop.checkout(userOf(ctx.http?.authInfo)) })),
    );

    server.registerTool(
      'show_products',
      {
        title: 'Show products',
        description:
          'Products ready for display: returns {widget, params} for a "cards" widget (pictures, prices, stock) or a ' +
          '"table" widget. Pass `widget` as the name and `params` as the params of widget_display. Select products ' +
          'by query and/or category, or by exact codes.',
        inputSchema: z.object({
          query: z.string().default('').describe('What to show, e.g. "cheese"'),
          category: z.enum(categoryIds).optional().describe('Only this category'),
          codes: z
            .array(z.string())
            .max(50)
            .optional()
            .describe('Exact product codes to show, in this order'),
          layout: z
            .enum(['cards', 'table'])
            .default('cards')
            .describe('cards (with pictures, default) or table'),
          limit: z.number().int().min(1).max(50).default(12).describe('Most products to show (default 12)'),
        }),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      ({ query, category, codes, layout, limit }) =>
        runTool(() => {
          const products =
            codes && codes.length > 0
              ? codes.slice(0, limit).map((code) => shop.product(code))
              : shop.search(query, { category, limit }).products;
          if (products.length === 0) throw new ToolError(`No product matches '${query}'; nothing to show.`);
          const title = codes?.length ? 'Products' : query.trim() || (category ?? 'Products');
          const build = layout === 'table' ? productTable : productCards;
          return jsonResult(build(title, products, available));
        }),
    );

    server.registerTool(
      'show_cart',
      {
        title: 'Show the cart',
        description:
          'The user\'s cart ready for display: returns {widget: "table", params} with one row per product and a ' +
          'total row. Pass `widget` as the name and `params` as the params of widget_display.',
        inputSchema: z.object({}),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      (_args, ctx) => runTool(() => jsonResult(cartTable(shop.cart(userOf(ctx.http?.authInfo))))),
    );

    registerRecipes(server, NAME, book);
    return server;
  };

  return { name: NAME, description: DESCRIPTION, createServer, close: () => state.flush() };
}
