import { describe, expect, test } from 'vitest';
import { planCountryQuery } from './country-questions.ts';

describe('planCountryQuery', () => {
  test('ranks by area, 10 by default, largest or smallest, optionally within a region', () => {
    expect(planCountryQuery('which are the largest countries by area')).toEqual({
      template: 'largest countries by area',
      title: 'Largest countries by area (km²)',
      sql: 'SELECT name, area FROM countries WHERE area IS NOT NULL ORDER BY area DESC LIMIT $1',
      params: [10],
    });
    expect(planCountryQuery('the 5 smallest countries in Europe?')).toMatchObject({
      sql: 'SELECT name, area FROM countries WHERE area IS NOT NULL AND (region ILIKE $1 OR subregion ILIKE $1) ORDER BY area ASC LIMIT $2',
      params: ['Europe', 5],
    });
    expect(planCountryQuery('top 3 biggest countries in the world')?.params).toEqual([3]);
  });

  test('lists the countries of a region, with coordinates when a map is asked for', () => {
    expect(planCountryQuery('show countries in South America on a map')).toEqual({
      template: 'countries of a region on a map',
      title: 'Countries in South America',
      sql: 'SELECT name, capital, lat, lng FROM countries WHERE (region ILIKE $1 OR subregion ILIKE $1) ORDER BY name',
      params: ['South America'],
    });
    expect(planCountryQuery('list the landlocked countries in Africa')).toMatchObject({
      sql: 'SELECT name, capital, subregion, area FROM countries WHERE (region ILIKE $1 OR subregion ILIKE $1) AND landlocked ORDER BY name',
      params: ['Africa'],
    });
  });

  test('counts, neighbours, comparisons and profiles put the user words in params only', () => {
    expect(planCountryQuery('how many countries are in Africa?')).toMatchObject({
      sql: 'SELECT count(*)::int AS countries FROM countries WHERE (region ILIKE $1 OR subregion ILIKE $1)',
      params: ['Africa'],
    });
    expect(planCountryQuery('which countries border Germany')).toMatchObject({
      template: 'neighbours of a country',
      params: ['Germany'],
    });
    expect(planCountryQuery('compare France, Spain and Germany')).toMatchObject({
      template: 'compare countries',
      params: [['France', 'Spain', 'Germany']],
    });
    for (const question of [
      'tell me about France',
      'what is the capital of France?',
      'facts about the France',
    ]) {
      expect(planCountryQuery(question)).toMatchObject({ template: 'country profile', params: ['France'] });
    }
    const injected = planCountryQuery("tell me about x'; DROP TABLE countries");
    expect(injected?.params).toEqual(["x'; DROP TABLE countries"]);
    expect(injected?.sql).not.toContain('DROP');
    expect(planCountryQuery('which countries have the most neighbours')?.template).toBe(
      'countries with the most neighbours',
    );
  });

  test('undefined for questions no template fits', () => {
    expect(planCountryQuery('what is 5 plus 3')).toBeUndefined();
    expect(planCountryQuery('search milk')).toBeUndefined();
    expect(planCountryQuery('store hello under greeting')).toBeUndefined();
  });
});
