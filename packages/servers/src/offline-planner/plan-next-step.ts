import type { ModelRequest, ProviderTool } from '@switchboard/core';
import { isPlainObject } from '@switchboard/core';
import { changesState, isDestructive, namesAction } from './action-words.ts';
import { argumentSources } from './argument-sources.ts';
import { callTitle } from './call-title.ts';
import { chooseTool } from './choose-tool.ts';
import {
  actionReply,
  missingReply,
  noRequestReply,
  noToolReply,
  notCoveredReply,
  unnamedActionReply,
} from './compose-reply.ts';
import { readCountryQuestion } from './country-question.ts';
import { fillArguments, isCountrySqlTool, REFERENCE_NAMES } from './fill-arguments.ts';
import { helpCalls, helpReply, isHelpRequest, readServerOfferings } from './help-request.ts';
import { sameObject, toolToLookAtFirst } from './look-first.ts';
import { words } from './message-words.ts';
import { parseResult } from './parse-result.ts';
import {
  askedForTemplates,
  QUERY_TEMPLATES_RECIPE,
  readQueryTemplates,
  type SqlPlan,
  sqlPlanFor,
} from './query-templates.ts';
import { candidatesFromSearch, keepRelevant, rankOfferedTools, wordsNotCovered } from './rank-candidates.ts';
import { type Conversation, readConversation, type ToolExchange } from './read-conversation.ts';
import { schemaProperties } from './schema-properties.ts';
import { buildSearchQuery } from './search-query.ts';
import { templatesReply, uncoveredWords } from './template-coverage.ts';
import { type OfferedTools, offeredTools, shortToolName, toolPrefix, toolRole } from './tool-roles.ts';
import { acceptedWidgets, widgetDisplayInput, widgetForResult } from './widget-call.ts';

/** A tool call the planner makes. */
export interface PlannedCall {
  name: string;
  input: Record<string, unknown>;
}

/** The planner's answer for one model call: some text, and tool calls unless the turn is over. */
export interface PlannedStep {
  text: string;
  calls: PlannedCall[];
}

/** What the planner needs besides the request. */
export interface PlannerSettings {
  /** "Today", for dates in messages. */
  now: Date;
  /** How many tools each search call asks for. */
  searchLimit: number;
}

/**
 * Decides the next step of a turn from the conversation alone (the planner keeps no state): search the
 * tools (lazy discovery), then call the best tool with arguments filled from the message (after
 * recalling a compressed earlier result when a reference needs it), then display its result with a
 * widget when a display tool is offered, then answer in text. When no tool fits or required arguments
 * are missing, it answers with what it understood instead of calling anything.
 */
export function planNextStep(
  request: Pick<ModelRequest, 'messages' | 'tools'>,
  settings: PlannerSettings,
): PlannedStep {
  const conversation = readConversation(request.messages);
  const text = conversation.userText;
  if (text === undefined) return answer(noRequestReply());
  const offered = offeredTools(request.tools);
  const { turn } = conversation;
  if (isHelpRequest(text)) {
    const calls = readServerOfferings(turn) ? [] : helpCalls(offered);
    return calls.length > 0 ? { text: '', calls } : answer(helpReply(turn, offered));
  }
  const action = turn.findLast((exchange) => toolRole(exchange.call.name) === 'action');
  if (action !== undefined && lookedFirstFor(action, conversation, offered, text)) {
    return callBestTool(conversation, offered, text, buildSearchQuery(text), settings);
  }
  if (action !== undefined) {
    // One reply per turn: which earlier results the call used is said with its result, not before it.
    const step = afterAction(action, conversation, offered, text);
    const sources = step.calls.length > 0 ? [] : argumentSources(action, conversation.all, text);
    return sources.length === 0 ? step : answer(`Using ${sources.join('; ')}. ${step.text}`);
  }

  const query = buildSearchQuery(text);
  if (discoveryExchanges(turn).length === 0 && query !== '') {
    const calls = discoveryCalls(offered, query, settings.searchLimit);
    if (calls.length > 0) return { text: '', calls };
  }
  const gaps = readCountryQuestion(text) === undefined ? [] : uncoveredWords(text);
  if (gaps.length > 0 && offered.ofRole('action').some(isCountrySqlTool))
    return answer(templatesReply(text, gaps));
  const templates = templatesCall(conversation, offered, text);
  if (templates !== undefined) return { text: '', calls: [templates] };
  return callBestTool(conversation, offered, text, query, settings);
}

/** Picks the tool for the request among the found (or offered) tools and calls it, or says why not. */
function callBestTool(
  conversation: Conversation,
  offered: OfferedTools,
  text: string,
  query: string,
  settings: PlannerSettings,
): PlannedStep {
  const { turn } = conversation;
  const recall = offered.ofRole('recall')[0];
  const context = {
    text,
    exchanges: conversation.all,
    canRecall: recall !== undefined,
    now: settings.now,
    toolWords: new Set(
      offered.ofRole('action').flatMap((tool) => words(shortToolName(tool.name).replace(/[_-]/g, ' '))),
    ),
  };
  const fromSearch = candidatesFromSearch(turn, offered);
  const ranked = fromSearch.length > 0 ? fromSearch : rankOfferedTools(query, offered);
  const relevant = keepRelevant(ranked, query);
  // A tool that may change something is only a candidate when the request names what it does.
  const named = relevant.filter(
    (candidate) => !changesState(candidate.tool) || namesAction(candidate.tool, text),
  );
  if (named.length === 0 && relevant.length > 0)
    return answer(
      unnamedActionReply(
        text,
        relevant.map((candidate) => candidate.tool),
      ),
    );
  const destructive = named.find((candidate) => isDestructive(candidate.tool))?.tool;
  const field = destructive && referenceField(destructive);
  const look =
    destructive && field ? toolToLookAtFirst(destructive, field, offered, conversation) : undefined;
  if (look !== undefined) return { text: '', calls: [{ name: look.name, input: {} }] };
  const selection = chooseTool(named, context);
  switch (selection.kind) {
    case 'call': {
      const { choice } = selection;
      // A destructive action the request names is done or refused, never replaced by another call.
      if (destructive !== undefined && choice.tool !== destructive) {
        const fill = fillArguments(destructive, context);
        return answer(missingReply({ tool: destructive, score: 0, fill }, lookedAt(destructive, turn)));
      }
      // Nor is an action the request seems to want, but did not name, replaced by a vaguer match.
      if (relevant[0] !== named[0] && choice.fill.specific.length === 0)
        return answer(
          unnamedActionReply(
            text,
            relevant.map((candidate) => candidate.tool),
          ),
        );
      const fromMessage = choice.fill.specific.length + choice.fill.general.length > 0;
      const uncovered = fromMessage ? [] : wordsNotCovered(choice.tool, text);
      if (uncovered.length > 0) return answer(notCoveredReply(text, choice.tool, uncovered));
      return { text: '', calls: [{ name: choice.tool.name, input: choice.fill.args }] };
    }
    case 'recall': {
      const recalledBefore = turn.some(
        (exchange) =>
          toolRole(exchange.call.name) === 'recall' &&
          (exchange.call.input as { id?: unknown } | null)?.id === selection.recallId,
      );
      if (recall === undefined || recalledBefore) return answer(missingReply(selection.choice));
      return {
        text: '',
        calls: [{ name: recall.name, input: { id: selection.recallId } }],
      };
    }
    case 'missing':
      if (isCountrySqlTool(selection.choice.tool)) return answer(templatesReply(text, uncoveredWords(text)));
      return answer(missingReply(selection.choice, lookedAt(selection.choice.tool, turn)));
    case 'none':
      return answer(noToolReply(text));
  }
}

function afterAction(
  action: ToolExchange,
  conversation: Conversation,
  offered: OfferedTools,
  text: string,
): PlannedStep {
  const { turn } = conversation;
  const sqlPlan = sqlPlanOf(action, conversation, text);
  const display = turn.findLast((exchange) => toolRole(exchange.call.name) === 'widget');
  const widgetTool = offered.ofRole('widget')[0];
  const result = action.result;
  if (display !== undefined || widgetTool === undefined || result === undefined || result.is_error) {
    return answer(actionReply(action, display, sqlPlan));
  }
  const widget = widgetForResult(parseResult(action.fullText ?? result.content), {
    title: sqlPlan?.title ?? callTitle(action.call.name, action.call.input),
    allowed: acceptedWidgets(widgetTool),
  });
  if (widget === undefined) return answer(actionReply(action, undefined, sqlPlan));
  return {
    text: '',
    calls: [{ name: widgetTool.name, input: widgetDisplayInput(widgetTool, widget) }],
  };
}

/**
 * Whether the action just made was the look the planner takes before a destructive call the request
 * names (`get_cart` before `remove_from_cart`), so that call is planned now, from what it showed.
 */
function lookedFirstFor(
  action: ToolExchange,
  conversation: Conversation,
  offered: OfferedTools,
  text: string,
): boolean {
  const tool = offered.byName.get(action.call.name);
  if (tool === undefined || changesState(tool)) return false;
  if (conversation.turn.some((exchange) => changesStateByName(exchange.call.name, offered))) return false;
  return offered
    .ofRole('action')
    .some(
      (candidate) =>
        isDestructive(candidate) &&
        namesAction(candidate, text) &&
        referenceField(candidate) !== undefined &&
        sameObject(candidate)(action.call.name),
    );
}

function changesStateByName(name: string, offered: OfferedTools): boolean {
  const tool = offered.byName.get(name);
  return toolRole(name) === 'action' && (tool === undefined || changesState(tool));
}

/** The property of a tool that names a thing from an earlier result (a code or id), if it has one. */
function referenceField(tool: ProviderTool): string | undefined {
  return schemaProperties(tool.input_schema).find((property) => REFERENCE_NAMES.test(property.name))?.name;
}

/** The tool of the same object this turn looked at before a destructive call, if it did. */
function lookedAt(tool: ProviderTool, turn: readonly ToolExchange[]): string | undefined {
  if (!isDestructive(tool)) return undefined;
  const ofObject = sameObject(tool);
  return turn.find((exchange) => exchange.call.name !== tool.name && ofObject(exchange.call.name))?.call.name;
}

/** The search and list calls among some exchanges. */
function discoveryExchanges(exchanges: readonly ToolExchange[]): ToolExchange[] {
  return exchanges.filter((exchange) => ['search', 'list'].includes(toolRole(exchange.call.name)));
}

/** The search (or, without any, list) calls to make: one per server, UI servers left out. */
function discoveryCalls(offered: OfferedTools, query: string, limit: number): PlannedCall[] {
  const uiPrefixes = new Set(
    [...offered.ofRole('widget'), ...offered.ofRole('canvas')]
      .map((tool) => toolPrefix(tool.name))
      .filter(Boolean),
  );
  const ofServers = (role: 'search' | 'list') =>
    offered.ofRole(role).filter((tool) => !uiPrefixes.has(toolPrefix(tool.name)));
  const searches = ofServers('search');
  if (searches.length > 0)
    return searches.map((tool) => ({ name: tool.name, input: searchInput(tool, query, limit) }));
  return ofServers('list').map((tool) => ({ name: tool.name, input: {} }));
}

function searchInput(tool: ProviderTool, query: string, limit: number): Record<string, unknown> {
  const names = schemaProperties(tool.input_schema).map((property) => property.name);
  return names.includes('limit') ? { query, limit } : { query };
}

/**
 * For a question about countries, reads the query templates the server of the SQL tool publishes in
 * its `country-questions` recipe, unless the conversation has them (or this turn asked for them).
 */
function templatesCall(
  conversation: Conversation,
  offered: OfferedTools,
  text: string,
): PlannedCall | undefined {
  if (readCountryQuestion(text) === undefined) return undefined;
  if (askedForTemplates(conversation.turn) || readQueryTemplates(conversation.all).length > 0)
    return undefined;
  const sqlTool = offered.ofRole('action').find(isCountrySqlTool);
  if (sqlTool === undefined) return undefined;
  const server = sqlTool.name.slice(0, -(shortToolName(sqlTool.name).length + 1));
  const recipe = offered.byName.get(`${server}_get_recipe`);
  return recipe === undefined ? undefined : { name: recipe.name, input: { name: QUERY_TEMPLATES_RECIPE } };
}

/**
 * The template behind an SQL call, when the planner built it from this message: its SQL is the
 * template's, or — once the recipe read this turn has been compressed out of the history — its params
 * are the question's.
 */
function sqlPlanOf(action: ToolExchange, conversation: Conversation, text: string): SqlPlan | undefined {
  const question = readCountryQuestion(text);
  const input = action.call.input;
  if (question === undefined || !isPlainObject(input)) return undefined;
  const plan = sqlPlanFor(question, readQueryTemplates(conversation.all));
  if (plan !== undefined) return input.sql === plan.sql ? plan : undefined;
  const built =
    askedForTemplates(conversation.turn) &&
    typeof input.sql === 'string' &&
    JSON.stringify(input.params) === JSON.stringify(question.params);
  return built
    ? {
        template: question.template,
        title: question.title,
        sql: input.sql as string,
        params: question.params,
      }
    : undefined;
}

function answer(text: string): PlannedStep {
  return { text, calls: [] };
}
