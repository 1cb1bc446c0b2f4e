import type { Span, Tracer } from '@opentelemetry/api';
import type { AgentEvent } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { createTracingObserver } from './tracing-observer.ts';

interface RecordedSpan {
  name: string;
  attributes: Record<string, unknown>;
  status?: { code: number; message?: string };
  ended: boolean;
}

/** A tracer that records the spans it is asked to make. */
function recordingTracer(): { tracer: Tracer; spans: RecordedSpan[] } {
  const spans: RecordedSpan[] = [];
  const tracer = {
    startSpan(name: string, options: { attributes?: Record<string, unknown> } = {}) {
      const span: RecordedSpan = { name, attributes: { ...options.attributes }, ended: false };
      spans.push(span);
      const handle = {
        setAttributes: (attributes: Record<string, unknown>) => {
          Object.assign(span.attributes, attributes);
          return handle;
        },
        setStatus: (status: RecordedSpan['status']) => {
          span.status = status;
          return handle;
        },
        end: () => {
          span.ended = true;
        },
        spanContext: () => ({ traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: 1 }),
        isRecording: () => true,
      };
      return handle as unknown as Span;
    },
  } as unknown as Tracer;
  return { tracer, spans };
}

const custom = (name: string, value: unknown): AgentEvent =>
  ({ type: 'CUSTOM', name, value, timestamp: 0 }) as AgentEvent;

describe('createTracingObserver', () => {
  it('makes GenAI spans for the turn, each model call and each tool call', () => {
    const { tracer, spans } = recordingTracer();
    const turn = createTracingObserver(tracer).startTurn({
      conversationId: 'conv_1',
      runId: 'run_1',
      model: 'anthropic:claude-x',
      userId: 'alice',
    });
    turn.event(custom('model_request', { iteration: 1 }));
    turn.event(
      custom('model_response', { finish: 'tool_use', usage: { inputTokens: 120, outputTokens: 8 } }),
    );
    turn.event(
      custom('tool_call', {
        id: 'call_1',
        name: 'shop_mcp_search',
        server: 'shop',
        elapsed: 12,
        error: 'boom',
      }),
    );
    turn.end({ stopReason: 'end_turn' });

    expect(spans.map((span) => span.name)).toEqual([
      'invoke_agent switchboard',
      'chat claude-x',
      'execute_tool shop_mcp_search',
    ]);
    expect(spans[0].attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'claude-x',
      'gen_ai.conversation.id': 'conv_1',
      'gen_ai.usage.input_tokens': 120,
      'switchboard.stop_reason': 'end_turn',
    });
    expect(spans[1].attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.usage.output_tokens': 8,
      'gen_ai.response.finish_reasons': ['tool_use'],
    });
    expect(spans[2].attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.call.id': 'call_1',
      'gen_ai.tool.name': 'shop_mcp_search',
    });
    expect(spans[2].status?.message).toBe('boom');
    expect(spans.every((span) => span.ended)).toBe(true);
  });

  it('counts prompt-cache reads and writes in the input tokens, and names each', () => {
    const { tracer, spans } = recordingTracer();
    const turn = createTracingObserver(tracer).startTurn({
      conversationId: 'conv_1',
      runId: 'run_1',
      model: 'anthropic:claude-x',
      userId: 'alice',
    });
    for (const usage of [
      { inputTokens: 10, outputTokens: 5, cacheWriteTokens: 3000 },
      { inputTokens: 20, outputTokens: 7, cacheReadTokens: 3000, cacheWriteTokens: 400 },
    ]) {
      turn.event(custom('model_request', {}));
      turn.event(custom('model_response', { finish: 'end_turn', usage }));
    }
    turn.end({ stopReason: 'end_turn' });
    expect(spans[2].attributes).toMatchObject({
      'gen_ai.usage.input_tokens': 3420,
      'gen_ai.usage.cache_read.input_tokens': 3000,
      'gen_ai.usage.cache_creation.input_tokens': 400,
    });
    expect(spans[0].attributes).toMatchObject({
      'gen_ai.usage.input_tokens': 6430,
      'gen_ai.usage.output_tokens': 12,
      'gen_ai.usage.cache_read.input_tokens': 3000,
      'gen_ai.usage.cache_creation.input_tokens': 3400,
    });
  });
});
