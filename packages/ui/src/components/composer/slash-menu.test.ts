import { describe, expect, it } from 'vitest';
import type { PromptChoice } from './server-content.ts';
import { matchPrompts, moveHighlight, slashQuery } from './slash-menu.ts';

const prompt = (name: string, extra: Partial<PromptChoice> = {}): PromptChoice => ({
  serverId: 's1',
  server: 'everything',
  name,
  arguments: [],
  ...extra,
});

describe('slashQuery', () => {
  it('is what follows a leading slash while the draft is one word', () => {
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('/args')).toBe('args');
  });

  it('is undefined for ordinary text, a slash later on, or once a space is typed', () => {
    expect(slashQuery('hello')).toBeUndefined();
    expect(slashQuery('a /b')).toBeUndefined();
    expect(slashQuery('/args more')).toBeUndefined();
    expect(slashQuery('/args\n')).toBeUndefined();
  });
});

describe('matchPrompts', () => {
  const prompts = [
    prompt('simple-prompt'),
    prompt('args-prompt', { title: 'Weather' }),
    prompt('review', { server: 'github' }),
  ];

  it('lists every prompt for an empty query', () => {
    expect(matchPrompts(prompts, '').map((entry) => entry.name)).toEqual([
      'simple-prompt',
      'args-prompt',
      'review',
    ]);
  });

  it('matches names case-insensitively first, then titles and servers', () => {
    expect(matchPrompts(prompts, 'ARGS').map((entry) => entry.name)).toEqual(['args-prompt']);
    expect(matchPrompts(prompts, 'weather').map((entry) => entry.name)).toEqual(['args-prompt']);
    expect(matchPrompts(prompts, 'git').map((entry) => entry.name)).toEqual(['review']);
    expect(
      matchPrompts([prompt('x', { title: 'prompt' }), prompt('prompt')], 'prompt').map((e) => e.name),
    ).toEqual(['prompt', 'x']);
  });
});

describe('moveHighlight', () => {
  it('moves down and up, wrapping around', () => {
    expect(moveHighlight(0, 3, 'ArrowDown')).toBe(1);
    expect(moveHighlight(2, 3, 'ArrowDown')).toBe(0);
    expect(moveHighlight(0, 3, 'ArrowUp')).toBe(2);
  });

  it('jumps with Home and End and keeps the highlight within a shorter list', () => {
    expect(moveHighlight(1, 3, 'End')).toBe(2);
    expect(moveHighlight(2, 3, 'Home')).toBe(0);
    expect(moveHighlight(5, 2, '')).toBe(1);
    expect(moveHighlight(3, 0, 'ArrowDown')).toBe(0);
  });
});
