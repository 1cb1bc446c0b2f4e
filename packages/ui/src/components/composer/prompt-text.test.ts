import { describe, expect, it } from 'vitest';
import { partText, promptText } from './prompt-text.ts';

describe('promptText', () => {
  it("joins the messages' text; messages not from the user name their role", () => {
    expect(
      promptText([
        { role: 'user', content: { type: 'text', text: 'What is the weather in Paris?' } },
        { role: 'assistant', content: { type: 'text', text: 'Which unit?' } },
        { role: 'user', content: { type: 'text', text: 'Celsius' } },
      ]),
    ).toBe('What is the weather in Paris?\n\nassistant: Which unit?\n\nCelsius');
  });

  it('keeps markup as plain text (the chat shows user messages as text)', () => {
    expect(
      promptText([{ role: 'user', content: { type: 'text', text: '<img src=x onerror=alert(1)>' } }]),
    ).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('partText', () => {
  it('names content that is not text', () => {
    expect(partText({ type: 'image', data: 'AAAA', mimeType: 'image/png' } as never)).toBe(
      '[image: image/png]',
    );
    expect(partText({ type: 'audio', mimeType: 'audio/wav' })).toBe('[audio: audio/wav]');
    expect(partText({ type: 'resource_link', uri: 'file:///a.txt', name: 'a' })).toBe(
      '[resource: file:///a.txt]',
    );
  });

  it("gives an embedded resource's text, or names a binary one by its URI", () => {
    expect(partText({ type: 'resource', resource: { uri: 'test://1', text: 'Resource 1 text' } })).toBe(
      'Resource 1 text',
    );
    expect(partText({ type: 'resource', resource: { uri: 'test://2', blob: 'AAAA' } })).toBe(
      '[resource: test://2]',
    );
  });
});
