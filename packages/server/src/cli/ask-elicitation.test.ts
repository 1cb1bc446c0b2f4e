import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { askElicitation, type ElicitationQuestion } from './ask-elicitation.ts';

function answers(...lines: Array<string | undefined>) {
  const prompts: string[] = [];
  return {
    prompts,
    next: async (prompt: string) => {
      prompts.push(prompt);
      return lines.shift();
    },
  };
}

const form: ElicitationQuestion = {
  requestId: 'r1',
  server: 'shop',
  mode: 'form',
  message: 'Where should we ship it?',
  requestedSchema: {
    properties: {
      city: { type: 'string', description: 'Town or city' },
      express: { type: 'boolean', default: false },
      copies: { type: 'integer' },
      size: { type: 'string', enum: ['S', 'M', 'L'] },
    },
    required: ['city'],
  },
};

describe('askElicitation', () => {
  test('asks field by field, re-asks what does not parse, and leaves empty optional fields to their defaults', async () => {
    const lines = answers('', 'Porto', '', 'two', '2', 'XL', 'M');
    const reply = await askElicitation(form, lines, new PassThrough());
    expect(reply).toEqual({ action: 'accept', content: { city: 'Porto', copies: 2, size: 'M' } });
    expect(lines.prompts[0]).toBe('  city — Town or city (string, required) › ');
    expect(lines.prompts[2]).toContain('(yes/no) [false]');
    expect(lines.prompts.at(-1)).toContain('(S | M | L)');
  });

  test('/decline, /cancel and the end of input answer so', async () => {
    expect(await askElicitation(form, answers('/decline'), new PassThrough())).toEqual({ action: 'decline' });
    expect(await askElicitation(form, answers('Porto', '/cancel'), new PassThrough())).toEqual({
      action: 'cancel',
    });
    expect(await askElicitation(form, answers(), new PassThrough())).toEqual({ action: 'cancel' });
  });

  test('a link shows its host and is accepted once the person says it is done', async () => {
    const out = new PassThrough();
    let printed = '';
    out.on('data', (chunk) => {
      printed += chunk;
    });
    const link = {
      requestId: 'r2',
      server: 'bank',
      mode: 'url' as const,
      message: 'Sign in',
      url: 'https://bank.example/connect?x=1',
    };
    expect(await askElicitation(link, answers('y'), out)).toEqual({ action: 'accept' });
    expect(printed).toContain('? server "bank" asks: Sign in');
    expect(printed).toContain('open https://bank.example/connect?x=1 (bank.example)');
    expect(await askElicitation(link, answers('n'), new PassThrough())).toEqual({ action: 'decline' });
  });
});
