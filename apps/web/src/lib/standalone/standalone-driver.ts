import type { CanvasModel } from '@switchboard/autoui';
import { createAutoUiServer } from '@switchboard/autoui';
import type {
  AgentEvent,
  AgentLoopOptions,
  AgentResult,
  AgentRun,
  ApprovalRule,
  LanguageModel,
  WebMcpServer,
} from '@switchboard/core';
import {
  AgentSession,
  decideApproval,
  resumeAgentLoop,
  runAgentLoop,
  ToolCatalog,
  ToolDispatcher,
} from '@switchboard/core';
import { createCalculatorStorageServer } from '@switchboard/servers/browser';
import type { AppConfig } from '../app-config.ts';
import { standaloneServerContent } from '../composer/standalone-server-content.ts';
import type { ConversationDriver, RestoredConversation } from '../conversation-driver.ts';
import { runAppToolCall } from '../mcp-apps/run-app-tool-call.ts';
import { toolOutcome } from '../tool-outcome.ts';
import { authorizationNotice } from './authorization-notice.ts';
import { connectRemoteServer } from './connect-remote-server.ts';
import { DirectCallElicitations } from './direct-call-elicitations.ts';
import type { RemoteMcpConnections } from './remote-mcp-connections.ts';
import { sessionHistory } from './session-history.ts';
import { createStandaloneAppPresenter } from './standalone-app-presenter.ts';
import { standaloneAppToolTarget } from './standalone-app-tool-target.ts';
import { StandaloneStore } from './standalone-store.ts';

const SYSTEM_PROMPT =
  "You are Switchboard, an assistant running in the user's browser. Use the tools to answer, and show results on " +
  "the user's canvas with the autoui widgets (widget_display); keep text answers short.";

const NO_TURN = 'no turn is running: the request ended with its turn';

/** What a form answer gives the server (the core's `run.interactions.answerElicitation` input). */
type ElicitResult = Parameters<AgentRun<AgentResult>['interactions']['answerElicitation']>[1];

/** Options of {@link createStandaloneDriver}. */
export interface StandaloneDriverOptions {
  config: AppConfig;
  canvas: CanvasModel;
  storage: Storage;
  model: LanguageModel;
  modelLabel: string;
  /** Remote MCP servers the page is connected to (their tools join the in-page ones). */
  remote?: RemoteMcpConnections;
}

/** The servers that run in the page: the calculator/storage server and the autoui server. */
export function pageServers(config: AppConfig, canvas: CanvasModel): WebMcpServer[] {
  return [
    createCalculatorStorageServer(),
    createAutoUiServer({ urlPolicy: config.urlPolicy, canvas: (id) => canvas.get(id) }),
  ];
}

/**
 * Standalone mode: the agent loop runs in the page with WebMCP servers, the conversation (session,
 * chat, canvas) is kept in localStorage, and approvals follow the configured rules.
 */
export function createStandaloneDriver(
  options: StandaloneDriverOptions & { servers: WebMcpServer[] },
): ConversationDriver {
  const store = new StandaloneStore(options.storage);
  const { servers, remote } = options;
  let session = new AgentSession();
  let listener: (event: AgentEvent) => void = () => {};
  let controller: AbortController | undefined;
  /** The run in progress: it holds what its tool calls' servers ask. */
  let current: AgentRun<AgentResult> | undefined;
  const approvalRules: ApprovalRule[] = options.config.approvalRules;
  /** The policy every call of the page is under: the model's, the Tools tab's, buttons' and apps'. */
  const policies = [{ rules: approvalRules }];
  const layers = () => [...servers.map((server) => server.layer()), ...(remote?.layers() ?? [])];
  const mcpClients = () => remote?.clients() ?? new Map();
  /** What servers ask during the Tools tab's direct calls (a turn's requests are its run's). */
  const directCalls = new DirectCallElicitations();
  /** Each turn, and each server whose authorization ends, shows the "Connect" cards of the servers waiting for it. */
  const unauthorized = () => (remote?.statuses() ?? []).filter((status) => status.state === 'unauthorized');
  remote?.onAuthorizationLost((name) => {
    const status = unauthorized().find((candidate) => candidate.name === name);
    if (status) listener(authorizationNotice(status));
  });

  const loopOptions = (signal: AbortSignal, onEvent: (event: AgentEvent) => void): AgentLoopOptions => ({
    provider: options.model,
    layers: layers(),
    mcpClients: mcpClients(),
    session,
    signal,
    systemPrompt: SYSTEM_PROMPT,
    approvalPolicies: policies,
    callbacks: { onEvent },
  });

  /** Runs the loop; the MCP Apps of the tools it called are shown before the run counts as ended. */
  const follow = async (start: (options: AgentLoopOptions) => AgentRun<AgentResult>) => {
    controller = new AbortController();
    const { signal } = controller;
    const emit = (event: AgentEvent) => listener(event);
    const apps = createStandaloneAppPresenter({
      catalog: new ToolCatalog(layers()),
      connections: mcpClients(),
      signal,
      emit,
    });
    try {
      current = start(
        loopOptions(signal, (event) => {
          emit(event);
          if (event.type === 'RUN_STARTED')
            for (const status of unauthorized()) emit(authorizationNotice(status));
          apps.observe(event);
        }),
      );
      await current;
    } finally {
      await apps.settled();
      current = undefined;
      controller = undefined;
      store.save({ session: session.toJSON() });
    }
  };

  return {
    mode: 'standalone',
    modelLabel: options.modelLabel,
    ...(remote
      ? {
          remoteMcp: remote,
          connectServer: (server, window) => connectRemoteServer(remote, server.id, window),
          serverContent: standaloneServerContent(mcpClients),
        }
      : {}),
    async open(onEvent) {
      listener = onEvent;
      const saved = store.load();
      if (saved.session) {
        try {
          session = AgentSession.fromJSON(saved.session);
        } catch {
          session = new AgentSession();
        }
      }
      const pending = (session.suspended?.pending ?? [])
        .filter((call) => call.reason === 'approval')
        .map(({ block }) => ({ id: block.id, name: block.name, input: block.input }));
      const restored: RestoredConversation = {
        chat: saved.chat,
        canvas: saved.canvas?.events ?? [],
        pending,
        history: sessionHistory(session.messages, saved.chat),
        // A turn runs in the page: a reload ended it.
        running: false,
      };
      return restored;
    },
    followRunningTurn: async () => {},
    send: (text) => follow((loop) => runAgentLoop(text, loop)),
    stop: () => controller?.abort(),
    decide: (decisions) => follow((loop) => resumeAgentLoop({ approvals: decisions }, { ...loop, session })),
    async answerElicitation(requestId, answer) {
      const direct = directCalls.answer(requestId, answer as ElicitResult);
      if (direct) return direct.ok ? { ok: true } : { ok: false, message: direct.message };
      if (!current) return { ok: false, message: NO_TURN };
      const outcome = current.interactions.answerElicitation(requestId, answer as ElicitResult);
      return outcome.ok ? { ok: true } : { ok: false, message: outcome.message };
    },
    async answerSampling(requestId, approve) {
      if (current?.interactions.answerSampling(requestId, approve)) return { ok: true };
      return {
        ok: false,
        message: current
          ? `no sampling request "${requestId}" is waiting (it was answered or timed out)`
          : NO_TURN,
      };
    },
    async listTools() {
      const catalog = new ToolCatalog(layers());
      return catalog.allTools().map((tool) => {
        const parsed = catalog.parse(tool.name);
        const own = parsed?.kind === 'tool' ? parsed.tool : undefined;
        const title = own?.title?.trim() || own?.annotations?.title?.trim();
        return {
          name: tool.name,
          ...(title ? { title } : {}),
          description: tool.description,
          inputSchema: catalog.validationSchema(tool.name) ?? tool.input_schema,
        };
      });
    },
    async callTool(name, args) {
      const catalog = new ToolCatalog(layers());
      const called = catalog.parse(catalog.resolveAlias(name));
      if (
        called?.kind === 'tool' &&
        decideApproval(policies, called.server, called.toolName, called.tool.annotations) === 'deny'
      )
        return { error: `Error: ${name} is not allowed by this deployment's tool policy` };
      const dispatcher = new ToolDispatcher({ catalog, mcpClients: mcpClients() });
      const asks = directCalls.open((event) => listener(event));
      const { result, call } = await dispatcher
        .dispatch(
          { type: 'tool_use', id: `browser_${Date.now().toString(36)}`, name, input: args },
          {
            session: new AgentSession(),
            signal: new AbortController().signal,
            emit: (event) => listener({ ...event, timestamp: Date.now() } as AgentEvent),
            serverRequests: { elicitation: asks.elicitation },
          },
        )
        .finally(() => asks.close());
      // What the result shows may call only tools of the server that answered.
      const ownTool = (tool: string) => {
        const parsed = catalog.parse(catalog.resolveAlias(tool));
        return (
          parsed?.kind === 'tool' &&
          called?.kind === 'tool' &&
          parsed.server === called.server &&
          parsed.protocol === called.protocol
        );
      };
      return toolOutcome(
        typeof result.content === 'string' ? result.content : JSON.stringify(result.content),
        call.error,
        ownTool,
      );
    },
    async callAppTool(call, confirm) {
      const target = standaloneAppToolTarget(call, {
        servers,
        remoteLayers: remote?.layers() ?? [],
        remoteConnections: mcpClients(),
      });
      // The policy is decided for the app's own server as the catalog names it, as for the model's calls.
      const origin = new ToolCatalog(layers()).servers.find(
        (server) => server.protocol === call.protocol && server.layer.serverName === call.serverName,
      );
      return runAppToolCall({
        call,
        ...target,
        approval: {
          action: origin
            ? decideApproval(policies, origin.server, call.name, target.tool?.annotations)
            : 'deny',
          confirm,
        },
      });
    },
    saveCanvas(snapshot, chat) {
      store.save({ canvas: snapshot, chat });
    },
    async reset() {
      controller?.abort();
      session = new AgentSession();
      store.clear();
    },
  };
}
