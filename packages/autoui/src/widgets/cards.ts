import { arrayOf, imageUrl, linkUrl, numberOrText, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `cards`: a grid of cards, each with an optional picture, title, subtitle, price and badge. */
export const cards: WidgetDefinition<'cards'> = {
  name: 'cards',
  schema: object(
    {
      title: TITLE,
      items: arrayOf(
        object(
          {
            id: text('An identifier (e.g. a product code), shown small', 100),
            title: text('Card title', 300),
            subtitle: text('Second line', 300),
            description: text('Body text', 2000),
            image: imageUrl('Picture'),
            price: numberOrText('A price or another highlighted figure'),
            badge: text('A short status label, e.g. "In stock"', 60),
            href: linkUrl('Where the card links to'),
          },
          ['title'],
        ),
        'The cards',
        { min: 1, max: 200 },
      ),
    },
    ['items'],
  ),
  recipe: `---
name: cards
title: Cards
description: A grid of cards with picture, title, subtitle, price and badge — products, places, articles.
when: Items are best recognised by a picture or need a little text each (products to browse, search results with thumbnails).
keywords: [cards, products, items, pictures, images, thumbnails, catalogue, browse, results, shop]
---
Display \`cards\` with \`items\`, each \`{ "title", "subtitle", "description", "image", "price", "badge", "href", "id" }\`; only \`title\` is required. Use real image URLs from tool results (never invent one — placeholder hosts are removed). Keep to a few dozen cards; for many items without pictures use a \`table\`.`,
  example: {
    title: 'Cheeses',
    items: [
      { id: 'DAI-004', title: 'Comté 18 months', subtitle: 'Dairy', price: '€6.90', badge: '12 in stock' },
    ],
  },
  size: { width: 620, height: 380 },
};
