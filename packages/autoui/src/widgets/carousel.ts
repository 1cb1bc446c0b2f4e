import { arrayOf, imageUrl, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `carousel`: slides (picture, title, text) shown one at a time. */
export const carousel: WidgetDefinition<'carousel'> = {
  name: 'carousel',
  schema: object(
    {
      title: TITLE,
      slides: arrayOf(
        {
          ...object({
            image: imageUrl('Picture of the slide'),
            title: text('Slide title', 300),
            text: text('Slide text', 3000),
          }),
          minProperties: 1,
        },
        'The slides, in order',
        { min: 1, max: 100 },
      ),
    },
    ['slides'],
  ),
  recipe: `---
name: carousel
title: Carousel
description: Slides with a picture, a title and some text, shown one at a time with previous/next buttons.
when: A few items deserve full attention one after another (highlights, a step-by-step walkthrough, featured products).
keywords: [carousel, slides, slideshow, highlights, featured, walkthrough, story, images]
---
Display \`carousel\` with \`slides\`, each with at least one of \`image\`, \`title\` and \`text\`, in the order to show them. Use real image URLs from tool results. For many pictures at once use a \`gallery\`.`,
  example: {
    slides: [
      { title: 'Step 1', text: 'Search the catalogue' },
      { title: 'Step 2', text: 'Add to cart' },
    ],
  },
  size: { width: 480, height: 320 },
};
