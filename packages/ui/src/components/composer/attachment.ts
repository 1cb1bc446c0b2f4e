import type { ContentPart, ResourceChoice } from './server-content.ts';

/** How much of a resource's text goes with a message, at most (characters). */
export const ATTACHMENT_LIMIT = 8_000;

/** A resource attached to the next message: its text (capped) and whether it was cut. */
export interface Attachment {
  serverId: string;
  server: string;
  uri: string;
  name: string;
  text: string;
  /** The full length when the text was cut to {@link ATTACHMENT_LIMIT}. */
  truncatedFrom?: number;
}

/** A read resource as an attachment: its contents' text joined (binary contents named), cut to `limit`. */
export function attachmentOf(
  resource: ResourceChoice,
  contents: readonly ContentPart[],
  limit = ATTACHMENT_LIMIT,
): Attachment {
  const full = contents
    .map((part) =>
      typeof part.text === 'string' ? part.text : `[binary: ${part.mimeType ?? 'unknown type'}]`,
    )
    .join('\n');
  const base = {
    serverId: resource.serverId,
    server: resource.server,
    uri: resource.uri,
    name: resource.name,
  };
  if (full.length <= limit) return { ...base, text: full };
  return { ...base, text: full.slice(0, limit), truncatedFrom: full.length };
}

/**
 * The message sent: each attachment as a quoted context block naming its server and URI (and the cut,
 * when there was one), then what the person wrote.
 */
export function messageWithAttachments(text: string, attachments: readonly Attachment[]): string {
  const blocks = attachments.map((attachment) => {
    const note = attachment.truncatedFrom
      ? `\n[cut to the first ${attachment.text.length} of ${attachment.truncatedFrom} characters]`
      : '';
    return `Attached resource ${attachment.uri} from ${attachment.server}:\n<<<\n${attachment.text}\n>>>${note}`;
  });
  return [...blocks, text].filter((part) => part.trim() !== '').join('\n\n');
}
