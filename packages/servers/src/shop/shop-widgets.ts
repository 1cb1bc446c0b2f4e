import { formatPrice, type Product } from './product.ts';
import type { Cart } from './shop.ts';

/** Data for the UI: a widget name and the params to pass to `widget_display`. */
export interface WidgetData {
  widget: 'cards' | 'table';
  params: Record<string, unknown>;
}

function stockLabel(available: number): string {
  return available > 0 ? `${available} in stock` : 'Out of stock';
}

/** Products as a `cards` widget: one card per product with picture, name, price and stock. */
export function productCards(
  title: string,
  products: Product[],
  available: (code: string) => number,
): WidgetData {
  return {
    widget: 'cards',
    params: {
      title,
      items: products.map((product) => ({
        id: product.code,
        title: product.name,
        subtitle: product.categoryLabel,
        image: product.image,
        price: formatPrice(product.price),
        badge: stockLabel(available(product.code)),
      })),
    },
  };
}

/** Products as a `table` widget: code, name, category, price, stock. */
export function productTable(
  title: string,
  products: Product[],
  available: (code: string) => number,
): WidgetData {
  return {
    widget: 'table',
    params: {
      title,
      columns: [
        { key: 'code', label: 'Code' },
        { key: 'name', label: 'Product' },
        { key: 'category', label: 'Category' },
        { key: 'price', label: 'Price', align: 'right' },
        { key: 'stock', label: 'Stock', align: 'right' },
      ],
      rows: products.map((product) => ({
        code: product.code,
        name: product.name,
        category: product.categoryLabel,
        price: formatPrice(product.price),
        stock: stockLabel(available(product.code)),
      })),
    },
  };
}

/** A cart as a `table` widget: one row per line, then a total row. */
export function cartTable(cart: Cart): WidgetData {
  const rows: Record<string, string | number>[] = cart.items.map((item) => ({
    code: item.code,
    name: item.name,
    quantity: item.quantity,
    unitPrice: formatPrice(item.unitPrice),
    lineTotal: formatPrice(item.lineTotal),
  }));
  rows.push({
    code: '',
    name: 'Total',
    quantity: cart.itemCount,
    unitPrice: '',
    lineTotal: formatPrice(cart.total),
  });
  return {
    widget: 'table',
    params: {
      title: cart.items.length > 0 ? `Cart of ${cart.user}` : `Cart of ${cart.user} (empty)`,
      columns: [
        { key: 'code', label: 'Code' },
        { key: 'name', label: 'Product' },
        { key: 'quantity', label: 'Qty', align: 'right' },
        { key: 'unitPrice', label: 'Unit price', align: 'right' },
        { key: 'lineTotal', label: 'Total', align: 'right' },
      ],
      rows,
    },
  };
}
