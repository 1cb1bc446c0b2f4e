import { ToolError } from '../tool-result.ts';
import { CURRENCY, type Product } from './product.ts';
import { searchProducts } from './search-products.ts';
import type { Order, ShopState } from './shop-state.ts';

/** A product as search results show it: no image, current availability. */
export interface ProductSummary {
  code: string;
  name: string;
  category: string;
  price: number;
  currency: string;
  /** Units that can still be bought (0 = out of stock). */
  available: number;
}

/** A product with everything: description, image, availability. */
export interface ProductDetails extends ProductSummary {
  kind: string;
  size: string;
  categoryLabel: string;
  description: string;
  image: string;
}

/** One line of a cart as the shopper sees it. */
export interface CartItem {
  code: string;
  name: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  image: string;
}

/** A user's cart with totals. */
export interface Cart {
  user: string;
  items: CartItem[];
  /** Total number of units. */
  itemCount: number;
  total: number;
  currency: string;
}

/** A category and how many products it has. */
export interface CategoryInfo {
  id: string;
  label: string;
  products: number;
}

/** Largest quantity of one product a cart may hold. */
export const MAX_LINE_QUANTITY = 99;

/** Adds money amounts without binary floating-point drift. */
function money(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/**
 * The shop: a fixed catalogue plus persistent carts, stock and orders. Every method that can
 * fail on bad input throws a {@link ToolError} whose message says what to do instead.
 */
export class Shop {
  readonly #catalog: Product[];
  readonly #byCode: Map<string, Product>;
  readonly #state: ShopState;

  constructor(catalog: Product[], state: ShopState) {
    this.#catalog = catalog;
    this.#byCode = new Map(catalog.map((product) => [product.code, product]));
    this.#state = state;
  }

  /** The categories, in catalogue order. */
  categories(): CategoryInfo[] {
    const categories = new Map<string, CategoryInfo>();
    for (const product of this.#catalog) {
      const entry = categories.get(product.category) ?? {
        id: product.category,
        label: product.categoryLabel,
        products: 0,
      };
      entry.products += 1;
      categories.set(product.category, entry);
    }
    return [...categories.values()];
  }

  /** Units of `code` that can still be bought: generated stock minus units sold. */
  available(code: string): number {
    const product = this.#byCode.get(code);
    return product ? product.stock - (this.#state.data.sold[code] ?? 0) : 0;
  }

  /**
   * Products matching `query` (best first), optionally within one category; with an empty query,
   * the whole category in catalogue order. Returns the total number of matches too.
   */
  search(
    query: string,
    options: { category?: string; limit?: number } = {},
  ): { total: number; products: Product[] } {
    const limit = options.limit ?? 10;
    const inCategory = options.category
      ? this.#catalog.filter((product) => product.category === options.category)
      : this.#catalog;
    if (options.category && inCategory.length === 0) {
      throw new ToolError(
        `Unknown category '${options.category}'. Categories: ${this.categories()
          .map((category) => category.id)
          .join(', ')}.`,
      );
    }
    if (query.trim() === '') {
      if (!options.category) throw new ToolError('Give a search query, a category, or both.');
      return { total: inCategory.length, products: inCategory.slice(0, limit) };
    }
    const matches = searchProducts(inCategory, query, (product) => this.available(product.code));
    return { total: matches.length, products: matches.slice(0, limit).map((match) => match.product) };
  }

  /** The product with `code` (case-insensitive); throws with suggestions when there is none. */
  product(code: string): Product {
    const product = this.#byCode.get(code.trim().toUpperCase());
    if (product) return product;
    const suggestions = searchProducts(this.#catalog, code, (candidate) => this.available(candidate.code))
      .slice(0, 3)
      .map((match) => `${match.product.code} (${match.product.name})`);
    const hint = suggestions.length > 0 ? ` Did you mean ${suggestions.join(', ')}?` : '';
    throw new ToolError(
      `Unknown product code '${code}'. Product codes look like DAI-001; find them with search_products.${hint}`,
    );
  }

  /** A product as search results show it. */
  summarize(product: Product): ProductSummary {
    return {
      code: product.code,
      name: product.name,
      category: product.category,
      price: product.price,
      currency: CURRENCY,
      available: this.available(product.code),
    };
  }

  /** A product with all its details. */
  details(product: Product): ProductDetails {
    return {
      ...this.summarize(product),
      kind: product.kind,
      size: product.size,
      categoryLabel: product.categoryLabel,
      description: product.description,
      image: product.image,
    };
  }

  /** The cart of `user`. */
  cart(user: string): Cart {
    const items = (this.#state.data.carts[user] ?? []).map((line) => {
      const product = this.product(line.code);
      return {
        code: product.code,
        name: product.name,
        quantity: line.quantity,
        unitPrice: product.price,
        lineTotal: money(product.price * line.quantity),
        image: product.image,
      };
    });
    return {
      user,
      items,
      itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
      total: money(items.reduce((sum, item) => sum + item.lineTotal, 0)),
      currency: CURRENCY,
    };
  }

  /**
   * Adds `quantity` units of `code` to `user`'s cart. Throws when the product is unknown, out of
   * stock, or the cart would hold more than is available.
   */
  async add(user: string, code: string, quantity: number): Promise<Cart> {
    const product = this.product(code);
    if (!Number.isInteger(quantity) || quantity < 1) {
      throw new ToolError(`Quantity must be a whole number of at least 1, got ${quantity}.`);
    }
    const available = this.available(product.code);
    if (available <= 0) {
      throw new ToolError(
        `${product.name} (${product.code}) is out of stock. Search for an alternative with search_products.`,
      );
    }
    const inCart = this.#lineQuantity(user, product.code);
    const wanted = inCart + quantity;
    if (wanted > available) {
      const already = inCart > 0 ? ` The cart already holds ${inCart}.` : '';
      throw new ToolError(
        `Only ${available} of ${product.name} (${product.code}) in stock, cannot add ${quantity}.${already} ` +
          `Add at most ${available - inCart}.`,
      );
    }
    if (wanted > MAX_LINE_QUANTITY) {
      throw new ToolError(`A cart holds at most ${MAX_LINE_QUANTITY} units of one product.`);
    }
    await this.#state.update((draft) => {
      const lines = draft.carts[user] ?? [];
      const line = lines.find((entry) => entry.code === product.code);
      if (line) line.quantity = wanted;
      else lines.push({ code: product.code, quantity });
      draft.carts[user] = lines;
    });
    return this.cart(user);
  }

  /**
   * Removes `quantity` units of `code` from `user`'s cart, or the whole line when `quantity` is
   * omitted or covers it. Throws when the product is not in the cart.
   */
  async remove(user: string, code: string, quantity?: number): Promise<Cart> {
    const product = this.product(code);
    const inCart = this.#lineQuantity(user, product.code);
    if (inCart === 0) {
      throw new ToolError(
        `${product.name} (${product.code}) is not in the cart. See the cart with get_cart.`,
      );
    }
    if (quantity !== undefined && (!Number.isInteger(quantity) || quantity < 1)) {
      throw new ToolError(`Quantity must be a whole number of at least 1, got ${quantity}.`);
    }
    const remaining = quantity === undefined ? 0 : Math.max(0, inCart - quantity);
    await this.#state.update((draft) => {
      const lines = draft.carts[user] ?? [];
      const kept =
        remaining > 0
          ? lines.map((line) => (line.code === product.code ? { ...line, quantity: remaining } : line))
          : lines.filter((line) => line.code !== product.code);
      if (kept.length > 0) draft.carts[user] = kept;
      else delete draft.carts[user];
    });
    return this.cart(user);
  }

  /**
   * Places an order for everything in `user`'s cart, takes the units out of stock and empties the
   * cart. Throws when the cart is empty or a product no longer has enough stock.
   */
  async checkout(user: string): Promise<Order> {
    const cart = this.cart(user);
    if (cart.items.length === 0) {
      throw new ToolError('The cart is empty: add products with add_to_cart before checking out.');
    }
    const short = cart.items.filter((item) => item.quantity > this.available(item.code));
    if (short.length > 0) {
      const list = short.map(
        (item) => `${item.name} (${item.code}): ${this.available(item.code)} left, ${item.quantity} in cart`,
      );
      throw new ToolError(
        `Not enough stock to check out: ${list.join('; ')}. Lower the quantities with remove_from_cart.`,
      );
    }
    return this.#state.update((draft) => {
      const order: Order = {
        id: `ORD-${String(draft.orders.length + 1).padStart(6, '0')}`,
        user,
        lines: cart.items.map(({ code, name, quantity, unitPrice, lineTotal }) => ({
          code,
          name,
          quantity,
          unitPrice,
          lineTotal,
        })),
        total: cart.total,
        currency: cart.currency,
        placedAt: new Date().toISOString(),
      };
      for (const item of cart.items) draft.sold[item.code] = (draft.sold[item.code] ?? 0) + item.quantity;
      draft.orders.push(order);
      delete draft.carts[user];
      return order;
    });
  }

  #lineQuantity(user: string, code: string): number {
    return this.#state.data.carts[user]?.find((line) => line.code === code)?.quantity ?? 0;
  }
}
