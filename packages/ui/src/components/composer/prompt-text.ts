import type { ContentPart, PromptMessage } from './server-content.ts';

/**
 * The user message a filled prompt becomes: each message's text, in order; content that is not
 * text is named (`[image: image/png]`, `[resource: uri]`) rather than shown. A message not from the
 * user is marked with its role so the model sees who said it.
 */
export function promptText(messages: readonly PromptMessage[]): string {
  return messages
    .map((message) => {
      const text = partText(message.content);
      return message.role === 'user' ? text : `${message.role}: ${text}`;
    })
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}

/** A content block as plain text: its text, an embedded text resource's text, else its kind named. */
export function partText(part: ContentPart): string {
  if (part.type === 'text' || (part.type === undefined && typeof part.text === 'string'))
    return part.text ?? '';
  if (part.type === 'resource' && part.resource) {
    const inner = part.resource;
    return typeof inner.text === 'string' ? inner.text : `[resource: ${inner.uri ?? 'binary'}]`;
  }
  if (part.type === 'resource_link') return `[resource: ${part.uri ?? part.name ?? 'link'}]`;
  return `[${part.type ?? 'content'}${part.mimeType ? `: ${part.mimeType}` : ''}]`;
}
