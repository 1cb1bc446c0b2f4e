import { tokenize } from '../tokenize.ts';
import type { Product } from './product.ts';

/** A product found by {@link searchProducts}, with how well it matched. */
export interface ProductMatch {
  product: Product;
  /** How many distinct query words the product matched. */
  matched: number;
  score: number;
}

/** Points a query word earns by where it appears; the product kind counts most. */
const POINTS = { kind: 10, synonym: 8, variant: 4, size: 4, category: 3, prefix: 1 } as const;

function scoreWord(word: string, product: Product): number {
  if (tokenize(product.kind).includes(word)) return POINTS.kind;
  if (product.synonyms.some((synonym) => tokenize(synonym).includes(word))) return POINTS.synonym;
  if (tokenize(product.variant).includes(word)) return POINTS.variant;
  if (tokenize(product.size).includes(word)) return POINTS.size;
  if (tokenize(`${product.category} ${product.categoryLabel}`).includes(word)) return POINTS.category;
  if (word.length >= 3 && tokenize(product.name).some((token) => token.startsWith(word)))
    return POINTS.prefix;
  return 0;
}

/**
 * Ranks products for a shopper's query: products matching more query words first, then by
 * where the words matched (a product whose kind is "Milk" beats "Milk Chocolate Bar" for
 * "milk"), then products in stock, then in catalogue order (the
 * usual variant first). A query equal to a product code finds it.
 * `available` tells how many units can still be bought.
 */
export function searchProducts(
  products: Product[],
  query: string,
  available: (product: Product) => number,
): ProductMatch[] {
  const code = query.trim().toUpperCase();
  const exact = products.find((product) => product.code === code);
  if (exact) return [{ product: exact, matched: 1, score: Number.MAX_SAFE_INTEGER }];

  const words = [...new Set(tokenize(query))];
  const matches: ProductMatch[] = [];
  for (const product of products) {
    let matched = 0;
    let score = 0;
    for (const word of words) {
      const points = scoreWord(word, product);
      if (points > 0) {
        matched += 1;
        score += points;
      }
    }
    if (matched > 0) matches.push({ product, matched, score });
  }
  return matches.sort(
    (a, b) =>
      b.matched - a.matched ||
      b.score - a.score ||
      Number(available(b.product) > 0) - Number(available(a.product) > 0),
  );
}
