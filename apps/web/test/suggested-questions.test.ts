import { describe, expect, it } from 'vitest';
import { suggestedQuestions } from '../src/lib/suggested-questions.ts';

describe('suggestedQuestions', () => {
  it('offers only the questions a connected tool answers', () => {
    expect(suggestedQuestions(['calculator-storage:calculate', 'shop:search_products'])).toEqual([
      'what is 5 plus 3',
      'search milk',
    ]);
    expect(suggestedQuestions(['calculator_webmcp_set-storage', 'open-data:query_sql'])).toEqual([
      'store hello under greeting',
      'which are the largest countries by area',
    ]);
    expect(suggestedQuestions(['shop:search_products_v2', 'recalculate'])).toEqual([]);
  });
});
