import { describe, expect, it } from 'vitest';
import { TextAnalyzer } from './analyze-text.ts';
import { parameterText, toolSearchFields } from './tool-search-text.ts';

describe('toolSearchFields', () => {
  const analyzer = new TextAnalyzer({ glossary: null });
  const tool = {
    name: 'search_flights',
    title: 'Flight search',
    description: '  Finds flights between two airports. Prices in EUR; 航班 schedules included.\nSlow.  ',
    inputSchema: {
      type: 'object' as const,
      properties: {
        origin: { type: 'string', description: 'IATA code of the departure airport' },
        passengers: {
          type: 'object',
          properties: { adults: { type: 'integer', description: 'Number of adults' } },
        },
        stops: { type: 'array', items: { type: 'object', properties: { cityName: { type: 'string' } } } },
      },
    },
  };

  it('finds in the description the terms of the whole text, its first sentence as the summary', () => {
    const fields = toolSearchFields(tool, analyzer);
    // Field statistics count terms: their order in the description does not matter.
    expect([...fields.description].sort()).toEqual(analyzer.terms(tool.description).sort());
    expect(fields.summary).toEqual(['find', 'flight', 'two', 'airport']);
    expect(fields.name).toEqual(['search', 'flight', 'flight', 'search']);
  });

  it('analyzes parameters as their joined text would be, nested ones included', () => {
    const fields = toolSearchFields(tool, analyzer);
    expect(fields.parameters).toEqual(analyzer.terms(parameterText(tool.inputSchema)));
    expect(fields.parameters).toEqual(expect.arrayContaining(['origin', 'adult', 'citi', 'name']));
  });
});
