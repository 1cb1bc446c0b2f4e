import { describe, expect, it } from 'vitest';
import { generateCatalog } from './generate-catalog.ts';

describe('generateCatalog', () => {
  const catalog = generateCatalog();

  it('generates a few hundred products with unique codes', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(200);
    expect(new Set(catalog.map((product) => product.code)).size).toBe(catalog.length);
  });

  it('is deterministic for a seed and varies with it', () => {
    expect(generateCatalog()).toEqual(catalog);
    const other = generateCatalog(7);
    expect(other.map((product) => product.name)).toEqual(catalog.map((product) => product.name));
    expect(other.map((product) => product.price)).not.toEqual(catalog.map((product) => product.price));
  });

  it('names products the way shoppers say them', () => {
    const names = catalog.map((product) => product.name);
    expect(names).toEqual(
      expect.arrayContaining(['Full Cream Milk 1L', 'Skimmed Milk 2L', 'Sourdough Bread', 'Wholemeal Bread']),
    );
  });

  it('covers the main departments, has shelf prices, stock with some out, and SVG pictures', () => {
    expect(new Set(catalog.map((product) => product.category))).toEqual(
      new Set([
        'dairy',
        'bakery',
        'produce',
        'meat-fish',
        'pantry',
        'drinks',
        'snacks',
        'frozen',
        'household',
      ]),
    );
    for (const product of catalog) {
      expect(Math.round(product.price * 100) % 10).toBe(9);
      expect(product.stock).toBeGreaterThanOrEqual(0);
      expect(product.image).toMatch(/^data:image\/svg\+xml;base64,/);
    }
    const outOfStock = catalog.filter((product) => product.stock === 0).length;
    expect(outOfStock).toBeGreaterThan(0);
    expect(outOfStock).toBeLessThan(catalog.length / 4);
    const svg = Buffer.from(catalog[0].image.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});
