import { randomUUID } from 'node:crypto';
import { askElicitation, type ElicitationQuestion } from './ask-elicitation.ts';
import { type GatewayClient, GatewayRequestError, type GatewayStreamEvent } from './gateway-client.ts';
import type { LineReader } from './line-reader.ts';
import { progressLabel, type ToolProgressUpdate } from './progress-label.ts';
import { Spinner } from './spinner.ts';

/** Terminal streams of the chat. */
export interface ChatIo {
  lines: Pick<LineReader, 'next'>;
  out: NodeJS.WritableStream;
  spinner?: Spinner;
}

interface PendingApproval {
  id: string;
  name: string;
  input: unknown;
}

/** What rendering a turn needs besides its events. */
interface TurnIo {
  out: NodeJS.WritableStream;
  spinner: Spinner;
  lines: Pick<LineReader, 'next'>;
  /** Sends the person's answer to a server's question (a path under the conversation). */
  answer: (path: string, body: unknown) => Promise<void>;
}

/**
 * `switchboard chat`: a conversation in the terminal. Text streams as it is written (a reply that broke
 * off and is asked again is marked so before the new one), tool calls show
 * with their arguments and a spinner (a progress bar when the tool reports progress) until their
 * result, calls needing approval are asked about, and so are a server's questions (a form field by
 * field, a link) and its requests for a completion by the model. Leave with /quit or Ctrl+D.
 */
export async function chat(client: GatewayClient, io: ChatIo, conversationId?: string): Promise<void> {
  const id =
    conversationId ??
    (await client.json<{ id: string }>('POST', '/conversations', { title: 'Terminal chat' })).id;
  const spinner = io.spinner ?? new Spinner();
  const turnIo: TurnIo = {
    out: io.out,
    spinner,
    lines: io.lines,
    answer: async (path, body) => {
      await client.json('POST', `/conversations/${id}${path}`, body);
    },
  };
  io.out.write(`Conversation ${id} on ${client.url} — /quit to leave.\n`);
  for (;;) {
    const line = (await io.lines.next('\nyou › '))?.trim();
    if (line === undefined || line === '/quit' || line === '/exit') break;
    if (!line) continue;
    // One key per message: a retry after a lost answer gets this turn back, never a second one.
    let approvals = await render(
      client.stream('POST', `/conversations/${id}/chat`, { content: line }, { idempotencyKey: randomUUID() }),
      turnIo,
    );
    while (approvals.length > 0) {
      const call = approvals[0];
      const answer = (
        (await io.lines.next(
          `\nAllow ${call.name} ${JSON.stringify(call.input)}? [y]es / [n]o / [a]lways › `,
        )) ?? 'n'
      )
        .trim()
        .toLowerCase();
      const decision = answer.startsWith('y') || answer.startsWith('a') ? 'approve' : 'deny';
      approvals = await render(
        client.stream('POST', `/conversations/${id}/approvals`, {
          call_id: call.id,
          decision,
          remember: answer.startsWith('a'),
        }),
        turnIo,
      );
    }
  }
}

/** Writes a turn's events; returns the calls waiting for approval when the turn ends suspended. */
async function render(events: AsyncIterable<GatewayStreamEvent>, io: TurnIo): Promise<PendingApproval[]> {
  const { out, spinner } = io;
  const args = new Map<string, string>();
  const names = new Map<string, string>();
  let approvals: PendingApproval[] = [];
  spinner.start('thinking…');
  try {
    for await (const { event } of events) {
      switch (event.type) {
        case 'TEXT_MESSAGE_START':
          spinner.stop();
          out.write('\nassistant › ');
          break;
        case 'TEXT_MESSAGE_CONTENT':
          out.write(String(event.delta));
          break;
        case 'TOOL_CALL_START':
          names.set(String(event.toolCallId), String(event.toolCallName));
          args.set(String(event.toolCallId), '');
          break;
        case 'TOOL_CALL_ARGS':
          args.set(
            String(event.toolCallId),
            (args.get(String(event.toolCallId)) ?? '') + String(event.delta),
          );
          break;
        case 'TOOL_CALL_END':
          spinner.stop();
          out.write(
            `\n⚙ ${names.get(String(event.toolCallId))} ${clip(args.get(String(event.toolCallId)) ?? '', 200)}`,
          );
          spinner.start(`running ${names.get(String(event.toolCallId))}…`);
          break;
        case 'TOOL_CALL_RESULT': {
          spinner.stop();
          out.write(`\n  ↳ ${clip(String(event.content).replace(/\s+/g, ' '), 200)}`);
          spinner.start('thinking…');
          break;
        }
        case 'CUSTOM':
          if (event.name === 'awaiting_approval') {
            const value = event.value as { toolCalls: Array<{ id: string; name: string; input: unknown }> };
            approvals = value.toolCalls.map((call) => ({ id: call.id, name: call.name, input: call.input }));
          } else if (event.name === 'model_output_discarded') {
            // The terminal cannot take back what it printed: say it is void and that a new reply follows.
            if ((event.value as { reason?: string })?.reason === 'retry') {
              spinner.stop();
              out.write('\n(the reply broke off; asking again)');
              spinner.start('thinking…');
            }
          } else if (event.name === 'tool_progress') {
            const value = event.value as ToolProgressUpdate & { toolCallId: string };
            spinner.start(progressLabel(names.get(value.toolCallId) ?? 'tool', value));
          } else if (event.name === 'elicitation_request') {
            spinner.stop();
            await answerQuestion(event.value as ElicitationQuestion, io);
            spinner.start('waiting for the tool…');
          } else if (event.name === 'sampling_request') {
            spinner.stop();
            await answerSampling(event.value as SamplingQuestion, io);
            spinner.start('waiting for the tool…');
          }
          break;
        case 'RUN_ERROR':
          spinner.stop();
          out.write(`\n! ${String(event.message)}`);
          break;
        case 'RUN_FINISHED': {
          spinner.stop();
          const reason = (event.result as { stopReason: string }).stopReason;
          if (reason !== 'end_turn' && reason !== 'awaiting_approval')
            out.write(`\n(${reason.replaceAll('_', ' ')})`);
          break;
        }
      }
    }
  } finally {
    spinner.stop();
  }
  out.write('\n');
  return approvals;
}

interface SamplingQuestion {
  requestId: string;
  server: string;
  messages: Array<{ role: string; text: string }>;
  maxTokens: number;
  needsApproval: boolean;
}

/** Asks a server's question until the gateway takes the answer (a form that does not fit is asked again). */
async function answerQuestion(question: ElicitationQuestion, io: TurnIo): Promise<void> {
  for (;;) {
    const reply = await askElicitation(question, io.lines, io.out);
    try {
      await io.answer(`/elicitations/${encodeURIComponent(question.requestId)}`, reply);
      return;
    } catch (error) {
      io.out.write(`\n! ${(error as Error).message}\n`);
      if (!(error instanceof GatewayRequestError && error.code === 'invalid_answer')) return;
    }
  }
}

/** Asks whether a server may have the conversation's model answer its request. */
async function answerSampling(request: SamplingQuestion, io: TurnIo): Promise<void> {
  if (!request.needsApproval) return;
  io.out.write(
    `\n? server ${JSON.stringify(request.server)} asks the model (up to ${request.maxTokens} tokens):\n`,
  );
  for (const message of request.messages) io.out.write(`  ${message.role}: ${clip(message.text, 300)}\n`);
  const answer = (await io.lines.next('  Allow? [y]es / [n]o › '))?.trim().toLowerCase() ?? 'n';
  try {
    await io.answer(`/sampling/${encodeURIComponent(request.requestId)}`, {
      decision: answer.startsWith('y') ? 'approve' : 'deny',
    });
  } catch (error) {
    io.out.write(`\n! ${(error as Error).message}\n`);
  }
}

function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
