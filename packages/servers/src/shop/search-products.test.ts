import { describe, expect, it } from 'vitest';
import { generateCatalog } from './generate-catalog.ts';
import { searchProducts } from './search-products.ts';

describe('searchProducts', () => {
  const catalog = generateCatalog();
  const stock = (product: { stock: number }) => product.stock;
  const names = (query: string) => searchProducts(catalog, query, stock).map((match) => match.product.name);

  it('ranks milks before products that merely mention milk', () => {
    const results = names('milk');
    const firstOther = results.findIndex((name) => !/ Milk /.test(`${name} `) || name.includes('Chocolate'));
    const milks = results.filter((name) => /^[\w -]+ Milk \d/.test(name));
    expect(milks.length).toBe(10);
    expect(results.slice(0, milks.length)).toEqual(milks);
    expect(firstOther).toBe(milks.length);
    expect(results[0]).toBe('Full Cream Milk 1L');
    expect(results).toContain('Milk Chocolate Bar 100g');
  });

  it('puts the variant the user named first', () => {
    expect(names('skimmed milk 2L')[0]).toBe('Skimmed Milk 2L');
    expect(names('sourdough bread')[0]).toBe('Sourdough Bread');
  });

  it('ranks breads first and understands plurals and synonyms', () => {
    expect(names('bread').slice(0, 2)).toEqual(['Sourdough Bread', 'Wholemeal Bread']);
    expect(names('tomatoes')[0]).toMatch(/Tomatoes/);
    expect(names('loaf')[0]).toMatch(/Bread$/);
  });

  it('puts out-of-stock products after equally good ones in stock', () => {
    const results = searchProducts(catalog, 'milk', stock).slice(0, 10);
    const firstOut = results.findIndex((match) => match.product.stock === 0);
    expect(firstOut).toBeGreaterThan(0);
    expect(results.slice(firstOut).every((match) => match.product.stock === 0)).toBe(true);
  });

  it('finds a product by its code and nothing for gibberish', () => {
    expect(names('dai-003')).toEqual(['Skimmed Milk 1L']);
    expect(names('xyzzy')).toEqual([]);
  });
});
