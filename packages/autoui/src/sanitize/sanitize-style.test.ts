import { describe, expect, it } from 'vitest';
import { sanitizeStyle } from './sanitize-style.ts';

describe('sanitizeStyle', () => {
  it('keeps safe declarations and normalizes camelCase', () => {
    expect(
      sanitizeStyle({
        backgroundColor: '#fef3c7',
        'border-radius': '12px',
        opacity: 0.8,
        background: 'linear-gradient(90deg, #fff, rgb(0 0 0 / 50%))',
      }),
    ).toEqual({
      style: {
        'background-color': '#fef3c7',
        'border-radius': '12px',
        opacity: '0.8',
        background: 'linear-gradient(90deg, #fff, rgb(0 0 0 / 50%))',
      },
      rejected: [],
    });
  });

  it.each([
    ['background', 'url(https://evil.test/x.png)'],
    ['background', 'image-set("x.png" 1x)'],
    ['color', 'red; position: fixed'],
    ['color', 'expression(alert(1))'],
    ['color', 'red}body{display:none'],
    ['font-family', '"Comic Sans"'],
    ['color', 'red\\3b'],
    ['position', 'fixed'],
    ['behavior', 'url(x.htc)'],
  ])('refuses %s: %s', (property, value) => {
    const result = sanitizeStyle({ [property]: value });
    expect(result.style).toEqual({});
    expect(result.rejected).toHaveLength(1);
  });

  it('turns empty values into removals', () => {
    expect(sanitizeStyle({ color: null, opacity: '' }).style).toEqual({ color: '', opacity: '' });
  });

  it('refuses a non-object', () => {
    expect(sanitizeStyle('color: red').rejected).toEqual(['styles must be an object']);
  });
});
