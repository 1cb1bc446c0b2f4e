import type { ConversationStatus } from './conversation.ts';

/** The conversation does not exist or belongs to someone else (the two look the same). */
export class ConversationNotFoundError extends Error {
  override name = 'ConversationNotFoundError';
  readonly conversationId: string;

  constructor(conversationId: string) {
    super(`conversation ${JSON.stringify(conversationId)} not found`);
    this.conversationId = conversationId;
  }
}

/** A turn was asked to start while another one holds the conversation. */
export class TurnAlreadyRunningError extends Error {
  override name = 'TurnAlreadyRunningError';
  readonly conversationId: string;

  constructor(conversationId: string) {
    super('a turn is already running in this conversation; wait for it to finish or stop it');
    this.conversationId = conversationId;
  }
}

/** The conversation's history was to be changed by hand while a turn holds the conversation. */
export class ConversationBusyError extends Error {
  override name = 'ConversationBusyError';

  constructor() {
    super('a turn is running in this conversation; wait for it or stop it');
  }
}

/** A new message was sent to a conversation that has used all its tool turns. */
export class SessionLimitReachedError extends Error {
  override name = 'SessionLimitReachedError';
  /** The session's tool-turn limit. */
  readonly limit: number;

  constructor(limit: number) {
    super(`this conversation has used its ${limit} tool turns; start a new conversation`);
    this.limit = limit;
  }
}

/** Tool results or approvals were sent to a conversation that waits for neither. */
export class NothingPendingError extends Error {
  override name = 'NothingPendingError';
  /** What the conversation is doing instead. */
  readonly status: ConversationStatus;

  constructor(status: ConversationStatus) {
    super('this conversation is not waiting for tool results or approvals');
    this.status = status;
  }
}

/** The message to delete is not one of the conversation's. */
export class MessageNotFoundError extends Error {
  override name = 'MessageNotFoundError';

  constructor(messageId: string) {
    super(`message ${JSON.stringify(messageId)} not found in this conversation`);
  }
}
