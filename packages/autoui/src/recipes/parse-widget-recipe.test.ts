import { describe, expect, it } from 'vitest';
import { parseWidgetRecipe } from './parse-widget-recipe.ts';

describe('parseWidgetRecipe', () => {
  it('reads the front matter with a YAML parser and keeps the body', () => {
    const recipe = parseWidgetRecipe(
      '---\nname: stat\ntitle: "Stat: one number"\ndescription: >\n  folded\n  text\nwhen: always\nkeywords: [a, b]\n---\nThe body.',
      'test',
    );
    expect(recipe).toEqual({
      name: 'stat',
      title: 'Stat: one number',
      description: 'folded text\n',
      when: 'always',
      keywords: ['a', 'b'],
      body: 'The body.',
    });
  });

  it.each([
    ['no front matter', 'just text', /must start with YAML front matter/],
    ['bad YAML', '---\nname: [unclosed\n---\nbody', /invalid YAML/],
    ['missing field', '---\nname: stat\ntitle: t\ndescription: d\n---\nbody', /\/when required/],
    ['bad name', '---\nname: Not Kebab\ntitle: t\ndescription: d\nwhen: w\n---\nbody', /\/name/],
    ['empty body', '---\nname: stat\ntitle: t\ndescription: d\nwhen: w\n---\n', /no body/],
  ])('rejects %s', (_case, text, error) => {
    expect(() => parseWidgetRecipe(text, 'test')).toThrow(error);
  });
});
