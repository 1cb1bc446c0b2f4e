import { describe, expect, test } from 'vitest';
import { readCountryQuestion } from './country-question.ts';

describe('readCountryQuestion', () => {
  test('ranks by area, 10 by default, largest or smallest, optionally within a region', () => {
    expect(readCountryQuestion('which are the largest countries by area')).toEqual({
      template: 'largest countries by area',
      title: 'Largest countries by area (km²)',
      variant: { place: false, map: false },
      params: [10],
    });
    expect(readCountryQuestion('the 5 smallest countries in Europe?')).toMatchObject({
      template: 'smallest countries by area',
      variant: { place: true, map: false },
      params: ['Europe', 5],
    });
    expect(readCountryQuestion('top 3 biggest countries in the world')?.params).toEqual([3]);
  });

  test('lists the countries of a region, with coordinates when a map is asked for', () => {
    expect(readCountryQuestion('show countries in South America on a map')).toEqual({
      template: 'countries of a region on a map',
      title: 'Countries in South America',
      variant: { place: true, landlocked: false, map: true },
      params: ['South America'],
    });
    expect(readCountryQuestion('list the landlocked countries in Africa')).toMatchObject({
      template: 'countries of a region',
      variant: { place: true, landlocked: true, map: false },
      params: ['Africa'],
    });
  });

  test('counts, neighbours, comparisons and profiles put the user words in params only', () => {
    expect(readCountryQuestion('how many countries are in Africa?')).toMatchObject({
      template: 'how many countries',
      variant: { place: true, landlocked: false },
      params: ['Africa'],
    });
    expect(readCountryQuestion('which countries border Germany')).toMatchObject({
      template: 'neighbours of a country',
      params: ['Germany'],
    });
    expect(readCountryQuestion('compare France, Spain and Germany')).toMatchObject({
      template: 'compare countries',
      params: [['France', 'Spain', 'Germany']],
    });
    for (const question of [
      'tell me about France',
      'what is the capital of France?',
      'facts about the France',
    ]) {
      expect(readCountryQuestion(question)).toMatchObject({
        template: 'country profile',
        params: ['France'],
      });
    }
    expect(readCountryQuestion("tell me about x'; DROP TABLE countries")?.params).toEqual([
      "x'; DROP TABLE countries",
    ]);
    expect(readCountryQuestion('which countries have the most neighbours')?.template).toBe(
      'countries with the most neighbours',
    );
  });

  test('undefined for questions no template fits', () => {
    expect(readCountryQuestion('what is 5 plus 3')).toBeUndefined();
    expect(readCountryQuestion('search milk')).toBeUndefined();
    expect(readCountryQuestion('store hello under greeting')).toBeUndefined();
  });
});
