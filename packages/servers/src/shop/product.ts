/** A product of the shop's catalogue. */
export interface Product {
  /** Stable product code, e.g. `DAI-001`; what cart tools take. */
  code: string;
  /** Display name, e.g. "Full Cream Milk 1L". */
  name: string;
  /** Generic noun, e.g. "Milk". */
  kind: string;
  variant: string;
  /** Pack size, e.g. "1L"; empty when sold by the unit. */
  size: string;
  /** Category id, e.g. `dairy`. */
  category: string;
  categoryLabel: string;
  /** Unit price in {@link CURRENCY}. */
  price: number;
  /** Units in the warehouse when the catalogue was generated (before any order). */
  stock: number;
  description: string;
  /** Other words shoppers use for this kind. */
  synonyms: string[];
  /** A small SVG picture as a `data:image/svg+xml;base64,…` URL. */
  image: string;
}

/** The currency of every price in the shop. */
export const CURRENCY = 'EUR';

/** Formats an amount in the shop's currency for display, e.g. "€1.09". */
export function formatPrice(amount: number): string {
  return `€${amount.toFixed(2)}`;
}
