import type { Product } from './product.ts';
import { productImage } from './product-image.ts';
import { CATEGORY_TEMPLATES } from './product-templates.ts';
import { SeededRandom } from './seeded-random.ts';

/** The seed used when none is given: the default catalogue is the same on every machine. */
export const DEFAULT_CATALOG_SEED = 20240607;

/** How much more each larger pack costs than the first size. */
const SIZE_FACTORS = [1, 1.8, 3.2];

/** Share of products generated out of stock. */
const OUT_OF_STOCK_RATE = 0.08;

/** Rounds a price to a shelf price ending in 9 cents (1.234 → 1.19), at least 0.29. */
function shelfPrice(value: number): number {
  return Math.max(29, Math.round(value * 10) * 10 - 1) / 100;
}

/**
 * Expands the category templates into the shop's catalogue: one product per kind × variant ×
 * size, with prices and stock drawn from a PRNG seeded with `seed` (same seed, same catalogue).
 */
export function generateCatalog(seed = DEFAULT_CATALOG_SEED): Product[] {
  const random = new SeededRandom(seed);
  const products: Product[] = [];
  for (const category of CATEGORY_TEMPLATES) {
    let index = 0;
    for (const template of category.products) {
      for (const variant of template.variants) {
        template.sizes.forEach((size, sizeIndex) => {
          index += 1;
          const name = [variant, template.kind, size].filter(Boolean).join(' ');
          const jitter = 0.85 + random.next() * 0.4;
          const stock = random.chance(OUT_OF_STOCK_RATE) ? 0 : random.int(3, 80);
          products.push({
            code: `${category.code}-${String(index).padStart(3, '0')}`,
            name,
            kind: template.kind,
            variant,
            size,
            category: category.id,
            categoryLabel: category.label,
            price: shelfPrice(template.basePrice * (SIZE_FACTORS[sizeIndex] ?? sizeIndex + 1) * jitter),
            stock,
            description: `${variant} ${template.kind.toLowerCase()}${size ? `, ${size}` : ''}. ${category.label}.`,
            synonyms: template.synonyms ?? [],
            image: productImage(template.icon, template.kind, category.colour),
          });
        });
      }
    }
  }
  return products;
}
