import { describe, expect, it } from 'vitest';
import { readRecipeMarkdown } from './read-recipe-markdown.ts';

const SCHEMA = {
  type: 'object',
  required: ['name', 'title'],
  properties: { name: { type: 'string' }, title: { type: 'string', minLength: 1 } },
};

describe('readRecipeMarkdown', () => {
  it('reads the front matter with a YAML parser and keeps the body', () => {
    const recipe = readRecipeMarkdown(
      '---\nname: add-to-cart\ntitle: "Add: to cart"\n---\n\n1. Search.\n',
      'a.md',
      SCHEMA,
    );

    expect(recipe).toEqual({ fields: { name: 'add-to-cart', title: 'Add: to cart' }, body: '1. Search.' });
  });

  it.each([
    ['no front matter', '# Steps', /^a\.md: a recipe must start with YAML front matter/],
    ['YAML that does not parse', '---\nname: [x\n---\nBody', /^a\.md: invalid YAML front matter/],
    ['a field the schema asks for', '---\nname: x\n---\nBody', /^a\.md: invalid front matter: .*title/],
    ['a name not in kebab-case', '---\nname: Add To Cart\ntitle: X\n---\nBody', /\/name must be kebab-case/],
    ['no body', '---\nname: x\ntitle: X\n---\n', /^a\.md: the recipe has no body/],
  ])('refuses %s, naming the file', (_case, markdown, error) => {
    expect(() => readRecipeMarkdown(markdown, 'a.md', SCHEMA)).toThrow(error);
  });
});
