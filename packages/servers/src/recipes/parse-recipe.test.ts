import { describe, expect, it } from 'vitest';
import { parseRecipe } from './parse-recipe.ts';

const VALID = `---
name: add-to-cart
title: Add products to the cart
description: Search, then add.
when: The user wants to buy something.
tools: [search_products, add_to_cart]
widgets: [table]
---
1. Search.
2. Add.
`;

describe('parseRecipe', () => {
  it('reads the YAML front matter and the body', () => {
    expect(parseRecipe(VALID, 'add-to-cart.md')).toEqual({
      name: 'add-to-cart',
      title: 'Add products to the cart',
      description: 'Search, then add.',
      when: 'The user wants to buy something.',
      tools: ['search_products', 'add_to_cart'],
      widgets: ['table'],
      keywords: [],
      body: '1. Search.\n2. Add.',
    });
  });

  it('defaults the optional lists', () => {
    const recipe = parseRecipe('---\nname: x\ntitle: X\ndescription: Does x.\n---\nStep.', 'x.md');
    expect(recipe).toMatchObject({ tools: [], widgets: [], keywords: [] });
    expect(recipe.when).toBeUndefined();
  });

  it.each([
    ['no front matter', '# Just markdown', /must start with YAML front matter/],
    ['broken YAML', '---\nname: [unclosed\n---\nBody', /invalid YAML front matter/],
    ['a missing field', '---\nname: x\ntitle: X\n---\nBody', /description/],
    ['a bad name', '---\nname: Add To Cart\ntitle: X\ndescription: D\n---\nBody', /kebab-case/],
    ['no body', '---\nname: x\ntitle: X\ndescription: D\n---\n', /no body/],
  ])('refuses %s, naming the file', (_case, markdown, message) => {
    expect(() => parseRecipe(markdown, 'bad.md')).toThrow(message);
    expect(() => parseRecipe(markdown, 'bad.md')).toThrow(/^bad\.md: /);
  });
});
