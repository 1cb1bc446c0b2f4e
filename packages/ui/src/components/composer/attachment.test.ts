import { describe, expect, it } from 'vitest';
import { attachmentOf, messageWithAttachments } from './attachment.ts';
import type { ResourceChoice } from './server-content.ts';

const resource: ResourceChoice = {
  serverId: 's1',
  server: 'everything',
  uri: 'demo://resource/1',
  name: 'Resource 1',
};

describe('attachmentOf', () => {
  it("joins the contents' text and names binary contents", () => {
    const attachment = attachmentOf(resource, [
      { uri: resource.uri, text: 'first' },
      { uri: resource.uri, blob: 'AAAA', mimeType: 'image/png' },
    ]);
    expect(attachment).toEqual({ ...resource, serverId: 's1', text: 'first\n[binary: image/png]' });
    expect(attachment.truncatedFrom).toBeUndefined();
  });

  it('cuts a long text to the limit and keeps its full length', () => {
    const attachment = attachmentOf(resource, [{ text: 'x'.repeat(25) }], 10);
    expect(attachment.text).toBe('x'.repeat(10));
    expect(attachment.truncatedFrom).toBe(25);
  });
});

describe('messageWithAttachments', () => {
  it('puts each attachment before the text, naming its server and URI', () => {
    const message = messageWithAttachments('Summarise it', [attachmentOf(resource, [{ text: 'Hello' }])]);
    expect(message).toBe(
      'Attached resource demo://resource/1 from everything:\n<<<\nHello\n>>>\n\nSummarise it',
    );
  });

  it('says when an attachment was cut', () => {
    const message = messageWithAttachments('', [attachmentOf(resource, [{ text: 'abcdef' }], 4)]);
    expect(message).toBe(
      'Attached resource demo://resource/1 from everything:\n<<<\nabcd\n>>>\n[cut to the first 4 of 6 characters]',
    );
  });

  it('is the text alone without attachments', () => {
    expect(messageWithAttachments('hi', [])).toBe('hi');
  });
});
