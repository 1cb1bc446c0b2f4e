import type { GatewayClient, GatewayStreamEvent } from './gateway-client.ts';
import type { LineReader } from './line-reader.ts';
import { Spinner } from './spinner.ts';

/** Terminal streams of the chat. */
export interface ChatIo {
  lines: LineReader;
  out: NodeJS.WritableStream;
  spinner?: Spinner;
}

interface PendingApproval {
  id: string;
  name: string;
  input: unknown;
}

/**
 * `switchboard chat`: a conversation in the terminal. Text streams as it is written, tool calls show
 * with their arguments and a spinner until their result, and calls needing approval are asked about.
 * Leave with /quit or Ctrl+D.
 */
export async function chat(client: GatewayClient, io: ChatIo, conversationId?: string): Promise<void> {
  const id =
    conversationId ??
    (await client.json<{ id: string }>('POST', '/conversations', { title: 'Terminal chat' })).id;
  const spinner = io.spinner ?? new Spinner();
  io.out.write(`Conversation ${id} on ${client.url} — /quit to leave.\n`);
  for (;;) {
    const line = (await io.lines.next('\nyou › '))?.trim();
    if (line === undefined || line === '/quit' || line === '/exit') break;
    if (!line) continue;
    let approvals = await render(
      client.stream('POST', `/conversations/${id}/chat`, { content: line }),
      io.out,
      spinner,
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
        io.out,
        spinner,
      );
    }
  }
}

/** Writes a turn's events; returns the calls waiting for approval when the turn ends suspended. */
async function render(
  events: AsyncIterable<GatewayStreamEvent>,
  out: NodeJS.WritableStream,
  spinner: Spinner,
): Promise<PendingApproval[]> {
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

function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
