import { SchemaValidator } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../servers/src/shop/generate-catalog.ts';
import { cartTable, productCards, productTable } from '../../servers/src/shop/shop-widgets.ts';
import { WidgetCatalog } from '../src/catalog/widget-catalog.ts';
import { sanitizeWidgetUrls } from '../src/sanitize/sanitize-widget-urls.ts';
import { validateWidget } from '../src/validation/validate-widget.ts';

const catalog = new WidgetCatalog();
const validator = new SchemaValidator();

describe("the shop server's display tools", () => {
  const products = generateCatalog().slice(0, 5);
  const cart = {
    user: 'guest',
    items: products.slice(0, 2).map((product) => ({
      code: product.code,
      name: product.name,
      image: product.image,
      quantity: 2,
      unitPrice: product.price,
      lineTotal: product.price * 2,
    })),
    itemCount: 4,
    total: 10,
  };

  it.each([
    ['productCards', productCards('Cheeses', products, () => 3)],
    ['productTable', productTable('Cheeses', products, () => 0)],
    ['cartTable', cartTable(cart as Parameters<typeof cartTable>[0])],
  ])('%s returns params the widget catalog accepts, pictures included', (_name, { widget, params }) => {
    const outcome = validateWidget(catalog, validator, widget, params);
    expect(outcome.ok ? [] : outcome).toEqual([]);
    if (!outcome.ok) return;
    expect(
      sanitizeWidgetUrls(outcome.definition, outcome.params, {}, (name) => catalog.get(name)).removed,
    ).toEqual([]);
  });
});
