import { renderEagerSystemPrompt } from '../catalog/system-prompt.ts';
import { ToolCatalog } from '../catalog/tool-catalog.ts';
import { compressToolResults } from '../context/compress-tool-results.ts';
import { stableHistoryLength } from '../context/stable-history-length.ts';
import { trimHistory } from '../context/trim-history.ts';
import { serverKey, ToolDispatcher } from '../dispatch/dispatcher.ts';
import type { RunInteractions } from '../interaction/run-interactions.ts';
import { isRecallToolName } from '../naming/recall-tool-name.ts';
import type { AgentSession, PendingToolCall } from '../session/agent-session.ts';
import { randomId } from '../shared/random-id.ts';
import type { AgentEvent, AgentEventInput, RunMetrics, StopReason } from '../types/events.ts';
import type { ProviderTool } from '../types/layers.ts';
import type { ChatMessage, ContentBlock, ToolResultBlock, ToolUseBlock } from '../types/messages.ts';
import type { ToolCall } from '../types/tool-call.ts';
import type { AgentLoopOptions, AgentResult, ResumeInput } from './agent-loop-types.ts';
import { ResumeError } from './agent-loop-types.ts';
import { capToolCount } from './cap-tool-count.ts';
import type { EventChannel } from './event-channel.ts';
import type { LoopLimits } from './limits.ts';
import { resolveLimits } from './limits.ts';
import { LoopDetector } from './loop-detector.ts';
import { addUsage, runModelStep } from './model-step.ts';
import { RECALL_TOOL } from './recall-tool.ts';
import type { ToolStepContext } from './tool-step.ts';
import { executeAll, runToolStep } from './tool-step.ts';

/** One run of the loop over a session: model calls, tool steps, suspension, metrics and events. */
export class LoopRun {
  readonly #options: AgentLoopOptions;
  readonly #session: AgentSession;
  readonly #events: EventChannel<AgentEvent>;
  readonly #catalog: ToolCatalog;
  readonly #dispatcher: ToolDispatcher;
  readonly #limits: LoopLimits;
  readonly #signal: AbortSignal;
  readonly #interactions: RunInteractions;
  readonly #runId = `run_${randomId()}`;
  readonly #calls: ToolCall[] = [];
  readonly #startedAt = performance.now();
  readonly #metrics: RunMetrics = {
    iterations: 0,
    toolCalls: 0,
    toolErrors: 0,
    guidedCalls: 0,
    modelCalls: 0,
    usage: { inputTokens: 0, outputTokens: 0 },
    elapsedMs: 0,
  };
  #text = '';
  /** The vendor's error type of a failed model call, for the result. */
  #errorType: string | undefined;
  /** The names of the tools the last model request offered, in order. */
  #offeredBefore: string[] | undefined;

  constructor(
    options: AgentLoopOptions,
    session: AgentSession,
    events: EventChannel<AgentEvent>,
    interactions: RunInteractions,
  ) {
    this.#options = options;
    this.#interactions = interactions;
    this.#session = session;
    this.#events = events;
    this.#catalog = options.catalog ?? new ToolCatalog(options.layers, options.catalogOptions);
    this.#limits = resolveLimits(options.limits);
    this.#signal = options.signal ?? new AbortController().signal;
    this.#dispatcher = new ToolDispatcher({
      catalog: this.#catalog,
      mcpClients: options.mcpClients,
      maxResultLength: options.maxResultLength,
      truncateResults: options.truncateResults,
      timeoutMs: options.toolTimeoutMs,
      callbacks: options.callbacks,
      validator: options.validator,
    });
  }

  readonly emit = (event: AgentEventInput): void => {
    const stamped = { ...event, timestamp: Date.now() } as AgentEvent;
    this.#events.push(stamped);
    this.#options.callbacks?.onEvent?.(stamped);
  };

  async run(resume?: ResumeInput): Promise<AgentResult> {
    this.emit({ type: 'RUN_STARTED', threadId: this.#session.id, runId: this.#runId });
    try {
      const iterations = this.#session.suspended?.iterations ?? 0;
      if (resume) {
        const stop = await this.#resumeStep(resume);
        if (stop) return this.#finish(stop);
      }
      return this.#finish(await this.#loop(iterations));
    } catch (error) {
      return this.#finish('error', error instanceof Error ? error.message : String(error));
    }
  }

  async #loop(startIteration: number): Promise<StopReason> {
    const loopDetector = new LoopDetector();
    for (let iteration = startIteration; ; iteration++) {
      if (this.#signal.aborted) return 'aborted';
      if (iteration >= this.#limits.maxIterations) return 'max_iterations';
      if (this.#session.toolTurns >= this.#limits.maxSessionToolTurns) return 'max_tool_calls';
      if (this.#metrics.toolCalls >= this.#limits.maxToolCalls) return 'max_tool_calls';

      this.#metrics.iterations = iteration + 1;
      this.emit({ type: 'CUSTOM', name: 'iteration', value: { iteration: iteration + 1 } });
      const { tools, stableToolCount } = this.#currentTools();
      const messages = this.#prepareHistory();
      this.emit({
        type: 'CUSTOM',
        name: 'model_request',
        value: { iteration: iteration + 1, tools: tools.length, messages: messages.length },
      });
      this.#metrics.modelCalls++;
      const step = await runModelStep(
        this.#options.provider,
        {
          system: this.#systemPrompt(),
          messages,
          tools,
          signal: this.#signal,
          maxTokens: this.#options.maxTokens,
          stableToolCount,
          stableMessageCount: stableHistoryLength(messages, this.#options.compression),
        },
        this.emit,
        this.#options.callbacks?.onText,
      );
      addUsage(this.#metrics.usage, step.usage);
      this.emit({
        type: 'CUSTOM',
        name: 'model_response',
        value: { finish: step.finish, usage: step.usage, toolCalls: step.toolUses.length },
      });
      this.#text += step.text;
      const content: ContentBlock[] = [
        ...(step.text ? [{ type: 'text' as const, text: step.text }] : []),
        ...step.toolUses,
      ];
      if (content.length > 0) this.#session.messages.push({ role: 'assistant', content });

      if (step.finish === 'aborted') return 'aborted';
      if (step.finish === 'error') {
        this.#errorType = step.errorType;
        throw new Error(`model error: ${step.error}`);
      }
      if (step.toolUses.length === 0) return 'end_turn';

      this.#session.toolTurns++;
      const toolStep = await runToolStep(step.toolUses, this.#toolStepContext(loopDetector));
      this.#record(toolStep.calls);
      if (toolStep.pending.length > 0)
        return this.#suspend(step.toolUses, toolStep.results, toolStep.pending, iteration + 1);
      this.#appendResults(step.toolUses, toolStep.results);
      this.emit({ type: 'CUSTOM', name: 'metrics', value: this.#snapshotMetrics() });
    }
  }

  async #resumeStep(input: ResumeInput): Promise<StopReason | undefined> {
    const suspended = this.#session.suspended;
    if (!suspended)
      throw new ResumeError('nothing_suspended', 'nothing to resume: this conversation is not waiting');
    const results = { ...suspended.results };
    for (const { toolCallId, content, isError } of input.toolResults ?? []) {
      results[toolCallId] = {
        type: 'tool_result',
        tool_use_id: toolCallId,
        content: String(content),
        ...(isError ? { is_error: true } : {}),
      };
      this.emit({
        type: 'TOOL_CALL_RESULT',
        messageId: `result_${toolCallId}`,
        toolCallId,
        content: String(content),
        role: 'tool',
      });
    }
    const decisions = new Map(
      (input.approvals ?? []).map((approval) => [approval.toolCallId, approval.decision]),
    );
    const approved: ToolUseBlock[] = [];
    for (const { block, reason } of suspended.pending) {
      if (reason !== 'approval' || !decisions.has(block.id)) continue;
      if (decisions.get(block.id) === 'approve') approved.push(block);
      else
        results[block.id] = {
          type: 'tool_result',
          tool_use_id: block.id,
          content:
            'Error: the user denied this tool call. Do not retry it; continue without it or ask the user.',
          is_error: true,
        };
    }
    this.#record(
      await executeAll(
        approved,
        {
          dispatcher: this.#dispatcher,
          session: this.#session,
          signal: this.#signal,
          emit: this.emit,
          serverRequests: this.#interactions.serverRequests,
        },
        results,
      ),
    );
    const pending = suspended.pending.filter(({ block }) => results[block.id] === undefined);
    if (pending.length > 0) return this.#suspend(suspended.blocks, results, pending, suspended.iterations);
    this.#session.suspended = undefined;
    this.#appendResults(suspended.blocks, results);
    return undefined;
  }

  #suspend(
    blocks: ToolUseBlock[],
    results: Record<string, ToolResultBlock>,
    pending: PendingToolCall[],
    iterations: number,
  ): StopReason {
    this.#session.suspended = { blocks, results, pending, iterations };
    const approvals = pending.filter((call) => call.reason === 'approval').map((call) => call.block);
    const reason: StopReason = approvals.length > 0 ? 'awaiting_approval' : 'awaiting_client_tool';
    const calls = reason === 'awaiting_approval' ? approvals : pending.map((call) => call.block);
    this.emit({ type: 'CUSTOM', name: reason, value: { toolCalls: calls } });
    return reason;
  }

  #appendResults(blocks: ToolUseBlock[], results: Record<string, ToolResultBlock>): void {
    const content = blocks.map(
      (block) =>
        results[block.id] ?? {
          type: 'tool_result' as const,
          tool_use_id: block.id,
          content: 'Error: this call was not run.',
          is_error: true,
        },
    );
    this.#session.messages.push({ role: 'user', content });
  }

  #record(calls: ToolCall[]): void {
    for (const call of calls) {
      this.#calls.push(call);
      this.#metrics.toolCalls++;
      if (call.error) this.#metrics.toolErrors++;
      if (call.guided) this.#metrics.guidedCalls++;
    }
  }

  #toolStepContext(loopDetector: LoopDetector): ToolStepContext {
    return {
      dispatcher: this.#dispatcher,
      session: this.#session,
      signal: this.#signal,
      emit: this.emit,
      serverRequests: this.#interactions.serverRequests,
      approvalPolicies: this.#options.approvalPolicies,
      loopDetector,
      repeatedCallLimit: this.#limits.repeatedCallLimit,
    };
  }

  #systemPrompt(): string {
    const generated =
      this.#options.discovery === 'eager'
        ? renderEagerSystemPrompt(this.#catalog)
        : this.#catalog.systemPrompt();
    return this.#options.systemPrompt ? `${this.#options.systemPrompt}\n\n${generated}` : generated;
  }

  /**
   * Discovery (or all) tools, then activated servers' and revealed tools, appended in a stable order;
   * and how many of them lead as they did in the last request (for prompt caching).
   */
  #currentTools(): { tools: ProviderTool[]; stableToolCount: number } {
    const tools =
      this.#options.discovery === 'eager'
        ? [...this.#catalog.allTools()]
        : [...this.#catalog.discoveryTools()];
    const names = new Set(tools.map((tool) => tool.name));
    const add = (tool: ProviderTool | undefined) => {
      if (tool && !names.has(tool.name)) {
        names.add(tool.name);
        tools.push(tool);
      }
    };
    const servers = this.#catalog.servers;
    for (const server of servers)
      if ('executedBy' in server.layer)
        for (const tool of this.#catalog.toolsForLayer(server.layer)) add(tool);
    const always = this.#options.discovery === 'eager' ? 0 : tools.length;
    for (const name of this.#session.revealedTools) add(this.#catalog.providerTool(name));
    // Tools an activated server gained since (tools/list_changed) come last.
    for (const server of servers) {
      if (this.#session.activatedServers.includes(serverKey(server.server, server.protocol))) {
        for (const tool of this.#catalog.toolsForLayer(server.layer)) add(tool);
      }
    }
    if (this.#session.results.size > 0 && ![...names].some(isRecallToolName)) add(RECALL_TOOL);
    const offered = capToolCount(tools, always, this.#limits.maxToolsPerRequest, this.#calledToolNames());
    const before = this.#offeredBefore ?? offered.map((tool) => tool.name);
    const changed = offered.findIndex((tool, index) => tool.name !== before[index]);
    this.#offeredBefore = offered.map((tool) => tool.name);
    return { tools: offered, stableToolCount: changed === -1 ? offered.length : changed };
  }

  /** The names of the tools this conversation has called so far. */
  #calledToolNames(): Set<string> {
    return new Set(
      this.#session.messages.flatMap((message) =>
        typeof message.content === 'string'
          ? []
          : message.content.flatMap((block) => (block.type === 'tool_use' ? [block.name] : [])),
      ),
    );
  }

  #prepareHistory(): ChatMessage[] {
    if (this.#options.compression !== false) {
      this.#session.messages = compressToolResults(
        this.#session.messages,
        this.#session.results,
        this.#options.compression,
      );
    }
    const max = this.#options.maxHistoryChars;
    // A snapshot: the session's array keeps growing after the model call (trimHistory returns it
    // as it is when it fits).
    return [...(max ? trimHistory(this.#session.messages, max) : this.#session.messages)];
  }

  #snapshotMetrics(): RunMetrics {
    return {
      ...this.#metrics,
      usage: { ...this.#metrics.usage },
      elapsedMs: Math.round(performance.now() - this.#startedAt),
    };
  }

  #finish(stopReason: StopReason, error?: string): AgentResult {
    const metrics = this.#snapshotMetrics();
    this.emit({ type: 'CUSTOM', name: 'metrics', value: metrics });
    if (stopReason === 'error')
      this.emit({ type: 'RUN_ERROR', message: error ?? 'unknown error', code: 'error' });
    else
      this.emit({
        type: 'RUN_FINISHED',
        threadId: this.#session.id,
        runId: this.#runId,
        result: { stopReason },
      });
    const pending = this.#session.suspended?.pending ?? [];
    return {
      stopReason,
      text: this.#text,
      toolCalls: this.#calls,
      metrics,
      session: this.#session,
      pending,
      ...(error ? { error } : {}),
      ...(stopReason === 'error' && this.#errorType ? { errorType: this.#errorType } : {}),
    };
  }
}
