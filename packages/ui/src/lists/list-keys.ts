import type { CallChip } from '../state/turn-calls.ts';
import { contentKey, type Keyed, keyed } from './keyed.ts';

/**
 * The keys of every list the components render (`{#each list as { key, item } (key)}`), one
 * function per kind of list: keyed by the id the list's items carry, or by what they show when they
 * carry none (widget data, options, suggestions). Repeated entries get keys of their own (see
 * {@link keyed}); no key is a position.
 */

/** Items with an id: console lines, canvas blocks, chat entries, tool calls, servers, sankey nodes. */
export const idKeys = <T extends { id: string }>(items: readonly T[]): Keyed<T>[] =>
  keyed(items, (item) => item.id);

/** Items with a name: tools, form fields, configured servers. */
export const nameKeys = <T extends { name: string }>(items: readonly T[]): Keyed<T>[] =>
  keyed(items, (item) => item.name);

/** Items known by what they show: options, suggestions, lines, rows, sampling messages. */
export const contentKeys = <T>(items: readonly T[]): Keyed<T>[] => keyed(items);

/** The entries of a list in a widget's data (JSON a tool sent, read as widgets read their `WidgetData`), known by what they show. */
// biome-ignore lint/suspicious/noExplicitAny: widget data is read by templates as WidgetData is
export const dataKeys = (items: readonly any[]): Keyed<any>[] => keyed(items);

/** The chat's rows (an assistant's consecutive replies share one): by their first entry. */
export const chatRowKeys = <T extends { id: string }>(
  rows: readonly (readonly T[])[],
): Keyed<readonly T[]>[] => keyed(rows, (row) => row[0]?.id ?? '');

/** A turn's tool-call chips, grouped: by the first call of each group. */
export const callGroupKeys = (groups: readonly CallChip[][]): Keyed<CallChip[]>[] =>
  keyed(groups, (group) => group[0]?.id ?? '');

/** The running turn's tool calls: by call id. */
export const toolStepKeys = <T extends { toolCallId: string }>(steps: readonly T[]): Keyed<T>[] =>
  keyed(steps, (step) => step.toolCallId);

/** Servers waiting to be connected: by server id. */
export const serverIdKeys = <T extends { serverId: string }>(requests: readonly T[]): Keyed<T>[] =>
  keyed(requests, (request) => request.serverId);

/** What servers ask the person (forms, links, sampling requests): by request id. */
export const requestKeys = <T extends { requestId: string }>(requests: readonly T[]): Keyed<T>[] =>
  keyed(requests, (request) => request.requestId);

/** The servers' prompts (slash commands): by server and name. */
export const promptKeys = <T extends { serverId: string; name: string }>(prompts: readonly T[]): Keyed<T>[] =>
  keyed(prompts, (prompt) => `${prompt.serverId}/${prompt.name}`);

/** Resources to attach and attached ones: by server and URI. */
export const resourceKeys = <T extends { serverId: string; uri: string }>(
  resources: readonly T[],
): Keyed<T>[] => keyed(resources, (resource) => `${resource.serverId} ${resource.uri}`);

/** Resource templates: by server and URI template. */
export const templateKeys = <T extends { serverId: string; uriTemplate: string }>(
  templates: readonly T[],
): Keyed<T>[] => keyed(templates, (template) => `${template.serverId} ${template.uriTemplate}`);

/** A table's columns: by the key of the rows' values they show. */
export const columnKeys = <T extends { key: string }>(columns: readonly T[]): Keyed<T>[] =>
  keyed(columns, (column) => column.key);

/** Groups of a list (`[group, members]` pairs): by the group's name. */
export const groupKeys = <T>(groups: readonly (readonly [string, T])[]): Keyed<readonly [string, T]>[] =>
  keyed(groups, ([group]) => group);

/** The members of a JSON object (by property name) or array (by what each element holds). */
export const jsonEntryKeys = (value: object): Keyed<[string, unknown]>[] =>
  Array.isArray(value)
    ? keyed(
        value.map((child, index): [string, unknown] => [String(index), child]),
        ([, child]) => contentKey(child),
      )
    : keyed(Object.entries(value), ([name]) => name);
