import { arrayOf, imageUrl, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `gallery`: a grid of images with captions. */
export const gallery: WidgetDefinition<'gallery'> = {
  name: 'gallery',
  schema: object(
    {
      title: TITLE,
      images: arrayOf(
        object(
          {
            src: imageUrl('The image'),
            alt: text('Text alternative', 300),
            caption: text('Caption under the image', 500),
          },
          ['src'],
        ),
        'The images',
        { min: 1, max: 200 },
      ),
    },
    ['images'],
  ),
  recipe: `---
name: gallery
title: Image gallery
description: A grid of images with captions; clicking one shows it larger.
when: The user wants to see pictures (observations, products, places) and the pictures matter more than the text.
keywords: [gallery, images, pictures, photos, thumbnails, grid, visual]
---
Display \`gallery\` with \`images\`, each \`{ "src", "alt", "caption" }\`, using image URLs returned by a tool (http(s) or data:image; invented and placeholder URLs are removed). Give every image an \`alt\` text. For one image per slide with text use a \`carousel\`; for people use a \`trombinoscope\`.`,
  example: {
    images: [
      {
        src: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI0IiBoZWlnaHQ9IjQiLz4=',
        alt: 'An empty square',
        caption: 'Placeholder drawing',
      },
    ],
  },
  size: { width: 560, height: 360 },
};
