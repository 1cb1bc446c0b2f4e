import { context, type Span, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type { AgentEvent, ToolCall, Usage } from '@switchboard/core';
import type { TurnInfo, TurnObservation, TurnObserver } from './turn-observer.ts';

/**
 * OpenTelemetry spans for each turn (`invoke_agent`), model call (`chat`) and tool call
 * (`execute_tool`), with the GenAI semantic-convention attributes (`gen_ai.*`). Spans go to the
 * tracer provider the host registered (e.g. the OpenTelemetry Node SDK preloaded with `--import`).
 */
export function createTracingObserver(tracer: Tracer): TurnObserver {
  return {
    startTurn(info: TurnInfo): TurnObservation {
      const [provider, ...rest] = info.model.split(':');
      const model = rest.join(':') || info.model;
      const common = { 'gen_ai.provider.name': provider, 'gen_ai.request.model': model };
      const turn = tracer.startSpan('invoke_agent switchboard', {
        kind: SpanKind.INTERNAL,
        attributes: {
          ...common,
          'gen_ai.operation.name': 'invoke_agent',
          'gen_ai.agent.name': 'switchboard',
          'gen_ai.conversation.id': info.conversationId,
          'switchboard.run.id': info.runId,
          'enduser.id': info.userId,
        },
      });
      const parent = trace.setSpan(context.active(), turn);
      let modelSpan: Span | undefined;
      const usage: Usage = { inputTokens: 0, outputTokens: 0 };
      return {
        event(event: AgentEvent) {
          if (event.type !== 'CUSTOM') return;
          if (event.name === 'model_request') {
            modelSpan = tracer.startSpan(
              `chat ${model}`,
              { kind: SpanKind.CLIENT, attributes: { ...common, 'gen_ai.operation.name': 'chat' } },
              parent,
            );
          } else if (event.name === 'model_response' && modelSpan) {
            const value = event.value as { finish: string; usage: Usage };
            usage.inputTokens += value.usage.inputTokens;
            usage.outputTokens += value.usage.outputTokens;
            usage.cacheReadTokens = (usage.cacheReadTokens ?? 0) + (value.usage.cacheReadTokens ?? 0);
            usage.cacheWriteTokens = (usage.cacheWriteTokens ?? 0) + (value.usage.cacheWriteTokens ?? 0);
            modelSpan.setAttributes({
              'gen_ai.response.finish_reasons': [value.finish],
              ...usageAttributes(value.usage),
            });
            if (value.finish === 'error') modelSpan.setStatus({ code: SpanStatusCode.ERROR });
            modelSpan.end();
            modelSpan = undefined;
          } else if (event.name === 'tool_call') {
            const call = event.value as ToolCall;
            const span = tracer.startSpan(
              `execute_tool ${call.name}`,
              {
                kind: SpanKind.INTERNAL,
                startTime: Date.now() - call.elapsed,
                attributes: {
                  'gen_ai.operation.name': 'execute_tool',
                  'gen_ai.tool.name': call.name,
                  'gen_ai.tool.call.id': call.id,
                  'gen_ai.tool.type': 'function',
                  ...(call.server ? { 'switchboard.tool.server': call.server } : {}),
                },
              },
              parent,
            );
            if (call.error) span.setStatus({ code: SpanStatusCode.ERROR, message: call.error.slice(0, 200) });
            span.end();
          }
        },
        end(outcome) {
          modelSpan?.end();
          turn.setAttributes({ ...usageAttributes(usage), 'switchboard.stop_reason': outcome.stopReason });
          if (outcome.error)
            turn.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error.slice(0, 200) });
          turn.end();
        },
      };
    },
  };
}

/**
 * The GenAI token attributes of a usage: input tokens include the ones read from and written to the
 * provider's prompt cache (our counts keep them apart, as Anthropic does), each also given alone.
 */
function usageAttributes(usage: Usage): Record<string, number> {
  const read = usage.cacheReadTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  return {
    'gen_ai.usage.input_tokens': usage.inputTokens + read + written,
    'gen_ai.usage.output_tokens': usage.outputTokens,
    ...(read > 0 ? { 'gen_ai.usage.cache_read.input_tokens': read } : {}),
    ...(written > 0 ? { 'gen_ai.usage.cache_creation.input_tokens': written } : {}),
  };
}
