/** Questions that work with the offline planner, each offered when a tool that answers it is connected. */
const QUESTIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?:^|[:_])calculate$/, 'what is 5 plus 3'],
  [/(?:^|[:_])search_products$/, 'search milk'],
  [/(?:^|[:_])set-storage$/, 'store hello under greeting'],
  [/(?:^|[:_])query_sql$/, 'which are the largest countries by area'],
];

/** The example questions to offer on an empty conversation, given the names of the connected tools. */
export function suggestedQuestions(toolNames: readonly string[]): string[] {
  return QUESTIONS.filter(([tool]) => toolNames.some((name) => tool.test(name))).map(
    ([, question]) => question,
  );
}
