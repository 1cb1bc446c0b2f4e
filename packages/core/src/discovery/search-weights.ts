import type { FieldWeight } from './field-statistics.ts';

/*
 * Every weight of lexical tool search, in one table: what a word is worth in each field, what a
 * synonym, a prefix or a pair of words is worth beside the word itself, and how a tool's own
 * evidence blends with its server's. They are tuned on kinds of request (bench/task-sets, whose
 * README gives each one's ablation), never on single tasks; `npm run bench:retrieval` measures a change.
 */

/**
 * BM25F weights of a tool's own fields: a word in the name says most about what the tool does.
 * (The description's first sentence is read for pairs of neighbouring words.)
 */
export const TOOL_FIELD_WEIGHTS: Readonly<Record<'name' | 'description' | 'parameters', FieldWeight>> = {
  name: { weight: 3, b: 0.5 },
  description: { weight: 1, b: 0.75 },
  parameters: { weight: 1, b: 0.75 },
};

/**
 * BM25F weights of the fields every tool of a server shares: the server's name, and its description
 * and category — a request about "Yahoo Finance" or "clinical trials" reaches every tool of the
 * server that is about it, below the tool's own words.
 */
export const SHARED_FIELD_WEIGHTS: Readonly<Record<'name' | 'description', FieldWeight>> = {
  name: { weight: 1, b: 0.5 },
  description: { weight: 0.5, b: 0.75 },
};

/**
 * BM25F weights of a server as a document of its own, ranked against other servers: its shared
 * fields plus the names of its tools (what the server can do). Tool names stay out of the shared
 * fields: spread to every sibling, one tool's name would make its words look common.
 */
export const SERVER_FIELD_WEIGHTS: Readonly<Record<'name' | 'description' | 'tools', FieldWeight>> = {
  ...SHARED_FIELD_WEIGHTS,
  tools: { weight: 0.5, b: 0.75 },
};

/** The weight of a word pulled in through a synonym group, relative to a word of the query. */
export const SYNONYM_WEIGHT = 0.35;

/** Weight of a prefix or near-spelling match, relative to the exact word. */
export const DERIVED_TERM_WEIGHT = 0.4;

/** Weight of a pair of neighbouring query words found side by side in a tool's name or first sentence. */
export const PAIR_WEIGHT = 1;

/** Exponent of the matched-concepts count a tool's score is multiplied by (coordination). */
export const COORDINATION = 0.5;
/** How much a server's own text (name, description, category, tool names) matching the query lifts its tools. */
export const SERVER_TEXT_WEIGHT = 0.5;
/** How much a server whose best tool matches well lifts its other tools. */
export const SERVER_TOOLS_WEIGHT = 0.5;
/** How much a tool whose name words all occur in the query gains (its name "explains" the request). */
export const NAME_COVERAGE_WEIGHT = 0.4;
