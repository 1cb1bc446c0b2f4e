import { describe, expect, test } from 'vitest';
import { readKeyValue } from './key-value.ts';

describe('readKeyValue', () => {
  test('reads the value and key of "store X under Y" and its variants', () => {
    expect(readKeyValue('store hello under greeting')).toMatchObject({ key: 'greeting', value: 'hello' });
    expect(readKeyValue('please save "hello world" as the key motto.')).toMatchObject({
      key: 'motto',
      value: 'hello world',
    });
    expect(readKeyValue('set colour to blue')).toMatchObject({ key: 'colour', value: 'blue' });
  });

  test('reads the key of a question about a stored value', () => {
    const question = readKeyValue('what is stored in greeting');
    expect(question.key).toBe('greeting');
    expect(question.value).toBeUndefined();
    expect(readKeyValue('get the value of motto?')).toMatchObject({ key: 'motto' });
  });

  test('reads explicit pairs and quoted strings', () => {
    const reading = readKeyValue(`search query="red apples" limit=3 and 'ripe' ones, don't`);
    expect(reading.pairs).toEqual(
      new Map([
        ['query', 'red apples'],
        ['limit', '3'],
      ]),
    );
    expect(reading.quoted).toEqual(['red apples', 'ripe']);
  });
});
