import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';

const cartLineSchema = z.object({ code: z.string(), quantity: z.number().int().positive() });

const orderSchema = z.object({
  id: z.string(),
  user: z.string(),
  lines: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      quantity: z.number().int().positive(),
      unitPrice: z.number(),
      lineTotal: z.number(),
    }),
  ),
  total: z.number(),
  currency: z.string(),
  placedAt: z.string(),
});

const stateSchema = z.object({
  version: z.literal(1),
  carts: z.record(z.string(), z.array(cartLineSchema)),
  sold: z.record(z.string(), z.number().int().nonnegative()),
  orders: z.array(orderSchema),
});

/** A placed order. */
export type Order = z.infer<typeof orderSchema>;

/** Everything the shop remembers: carts per user, units sold per product, orders. */
export type ShopStateData = z.infer<typeof stateSchema>;

/** The file the state is kept in, inside the data directory. */
export const STATE_FILE_NAME = 'shop-state.json';

/**
 * The shop's persistent state: a JSON file in a data directory, read once when opened and
 * rewritten (atomically: temporary file then rename) after every change. Changes are applied in
 * order, one at a time. One server process should own a data directory.
 */
export class ShopState {
  readonly #path: string;
  #data: ShopStateData;
  #writing: Promise<void> = Promise.resolve();

  private constructor(path: string, data: ShopStateData) {
    this.#path = path;
    this.#data = data;
  }

  /** Opens (creating when needed) the state kept in `dataDir`. */
  static async open(dataDir: string): Promise<ShopState> {
    await mkdir(dataDir, { recursive: true });
    const path = join(dataDir, STATE_FILE_NAME);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return new ShopState(path, { version: 1, carts: {}, sold: {}, orders: [] });
    }
    const parsed = stateSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error(`${path} is not a valid shop state file: ${parsed.error.message}`);
    return new ShopState(path, parsed.data);
  }

  /** The current state. Treat as read-only; change it through {@link update}. */
  get data(): Readonly<ShopStateData> {
    return this.#data;
  }

  /**
   * Applies `change` to a copy of the state; when it returns without throwing, the copy becomes
   * the state and is saved. Resolves with `change`'s result once the file is written.
   */
  async update<T>(change: (draft: ShopStateData) => T): Promise<T> {
    const draft = structuredClone(this.#data);
    const result = change(draft);
    this.#data = draft;
    const text = JSON.stringify(draft, null, 2);
    const write = this.#writing.then(async () => {
      const temporary = `${this.#path}.tmp`;
      await writeFile(temporary, text);
      await rename(temporary, this.#path);
    });
    this.#writing = write.catch(() => undefined);
    await write;
    return result;
  }

  /** Waits for pending writes. */
  async flush(): Promise<void> {
    await this.#writing;
  }
}
