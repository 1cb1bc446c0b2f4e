import type { ChatMessage, ContentBlock } from '@switchboard/core';
import type { MessageDraft } from './api-message.ts';

/** A message list that cannot be turned into a conversation history. */
export class MessageFormatError extends Error {
  override name = 'MessageFormatError';
}

/** The label a system message carries when it is kept inside the history. */
export const SYSTEM_NOTE_PREFIX = '[system note] ';

/**
 * What the model is told after a user message its turn never answered, so that it takes the message
 * for what it was and answers the newest one.
 */
export const UNANSWERED_NOTES: Readonly<Record<'interrupted' | 'not_saved', string>> = {
  interrupted: `${SYSTEM_NOTE_PREFIX}The message above was not answered: the gateway running its turn stopped before the turn finished. Tools it called may have run; its answer was lost.`,
  not_saved: `${SYSTEM_NOTE_PREFIX}The message above was not answered: its turn's answer could not be saved. Tools it called may have run.`,
};

/**
 * Converts API messages into runtime messages: tool messages become `tool_result` blocks in a user
 * message, tool calls become `tool_use` blocks, consecutive same-role messages merge so roles
 * alternate, and a call left without a result is answered "not run" — except, with `openTail`, the
 * calls of a final assistant message (they may still be running on the client). System messages
 * become labelled user notes; callers that have a system prompt take them out first. A user message
 * its turn never answered (`unanswered`) is followed by a note saying so, or left out when its turn
 * failed before anything ran.
 */
export function fromApiMessages(
  drafts: readonly MessageDraft[],
  options: { openTail?: boolean } = {},
): ChatMessage[] {
  const messages: ChatMessage[] = [];
  const push = (role: ChatMessage['role'], blocks: ContentBlock[]) => {
    if (blocks.length === 0) return;
    const last = messages.at(-1);
    if (last && last.role === role) last.content = [...(last.content as ContentBlock[]), ...blocks];
    else messages.push({ role, content: blocks });
  };
  drafts.forEach((draft, index) => {
    const where = `messages[${index}]`;
    switch (draft.role) {
      case 'user':
        // A message whose turn failed before anything ran is left for the person to send again.
        if (draft.unanswered === 'failed') break;
        push('user', [
          ...textBlocks(draft.content),
          ...(draft.unanswered ? textBlocks(UNANSWERED_NOTES[draft.unanswered]) : []),
        ]);
        break;
      case 'system':
        push('user', textBlocks(draft.content === null ? null : `${SYSTEM_NOTE_PREFIX}${draft.content}`));
        break;
      case 'assistant': {
        const calls = (draft.tool_calls ?? []).map((call, callIndex): ContentBlock => {
          if (!call?.id || !call.function?.name) {
            throw new MessageFormatError(`${where}.tool_calls[${callIndex}] needs an id and function.name`);
          }
          return {
            type: 'tool_use',
            id: call.id,
            name: call.function.name,
            input: parseArguments(call.function.arguments, `${where}.tool_calls[${callIndex}]`),
          };
        });
        push('assistant', [...textBlocks(draft.content), ...calls]);
        break;
      }
      case 'tool':
        if (!draft.tool_call_id) throw new MessageFormatError(`${where} (role tool) needs tool_call_id`);
        push('user', [
          {
            type: 'tool_result',
            tool_use_id: draft.tool_call_id,
            content: draft.content ?? '',
            ...(draft.is_error ? { is_error: true } : {}),
          },
        ]);
        break;
      default:
        throw new MessageFormatError(`${where}.role must be user, assistant, system or tool`);
    }
  });
  return pairToolResults(messages, options.openTail ?? false);
}

function textBlocks(content: string | null | undefined): ContentBlock[] {
  return typeof content === 'string' && content.length > 0 ? [{ type: 'text', text: content }] : [];
}

function parseArguments(text: unknown, where: string): unknown {
  if (text === undefined || text === null || text === '') return {};
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new MessageFormatError(`${where}.function.arguments is not valid JSON`);
  }
}

/**
 * Makes every tool_use answered by the next message and every tool_result follow its call: results
 * without a call are dropped, calls without a result get a "not run" result (those of a final
 * assistant message only when `openTail` is false).
 */
function pairToolResults(messages: ChatMessage[], openTail: boolean): ChatMessage[] {
  const paired: ChatMessage[] = [];
  let open: string[] = [];
  for (const message of messages) {
    const blocks = message.content as ContentBlock[];
    if (message.role === 'assistant') {
      if (open.length > 0) paired.push({ role: 'user', content: open.map(notRun) });
      paired.push(message);
      open = blocks.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
      continue;
    }
    const results = open.map(
      (id) => blocks.find((block) => block.type === 'tool_result' && block.tool_use_id === id) ?? notRun(id),
    );
    const content = [...results, ...blocks.filter((block) => block.type !== 'tool_result')];
    open = [];
    if (content.length > 0) paired.push({ role: 'user', content });
  }
  if (open.length > 0 && !openTail) paired.push({ role: 'user', content: open.map(notRun) });
  return paired;
}

function notRun(id: string): ContentBlock {
  return {
    type: 'tool_result',
    tool_use_id: id,
    content: 'Error: no result was given for this call.',
    is_error: true,
  };
}
