import { UriTemplate } from '@modelcontextprotocol/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileResourceTemplate } from './resource-template.ts';

const match = (template: string, uri: string) => compileResourceTemplate(template).match(uri);

describe('compileResourceTemplate', () => {
  it('reads a one-segment variable, percent-decoded', () => {
    expect(match('storage://{key}', 'storage://greeting')).toEqual({ key: 'greeting' });
    expect(match('storage://{key}', 'storage://a%20b')).toEqual({ key: 'a b' });
    expect(match('storage://{key}', 'storage://a/b')).toBeUndefined();
    expect(match('storage://{key}', 'storage://')).toBeUndefined();
    expect(match('storage://{key}', 'files://greeting')).toBeUndefined();
  });

  it('matches a template without variables only to itself', () => {
    expect(match('ui://app/main.html', 'ui://app/main.html')).toEqual({});
    expect(match('ui://app/main.html', 'ui://app/mainXhtml')).toBeUndefined();
  });

  it('reads the operators as the SDK does: reserved, label, path and query', () => {
    expect(match('file:///{+path}', 'file:///a/b/c.txt')).toEqual({ path: 'a/b/c.txt' });
    expect(match('doc://{name}{.format}', 'doc://report.pdf')).toEqual({ name: 'report', format: 'pdf' });
    expect(match('repo://{owner}{/name}', 'repo://alice/notes')).toEqual({ owner: 'alice', name: 'notes' });
    expect(match('search://products{?term,limit}', 'search://products?term=milk&limit=5')).toEqual({
      term: 'milk',
      limit: '5',
    });
  });

  it('gives the first variable the longest value that lets the rest match', () => {
    expect(match('x://{a}-{b}', 'x://p-q-r')).toEqual({ a: 'p-q', b: 'r' });
    expect(match('x://{a}.{b}.json', 'x://p.q.r.json')).toEqual({ a: 'p.q', b: 'r' });
  });

  it("agrees with the SDK's UriTemplate on which URIs match and what they bind", () => {
    const piece = fc.constantFrom('{a}', '{+b}', '{.c}', '{/d}', '{?e,f}', 'x', '-', '/', '.');
    const character = fc.constantFrom('x', 'y', '-', '/', '.', '?', '&', '=', ',');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 5 }),
        fc.array(character, { maxLength: 12 }),
        (parts, chars) => {
          const template = `s://${parts.join('')}`;
          const uri = `s://${chars.join('')}`;
          const expected = new UriTemplate(template).match(uri);
          expect(match(template, uri) !== undefined).toBe(expected !== null);
          if (expected && !Object.values(expected).some(Array.isArray))
            expect(match(template, uri)).toEqual(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
