import { describe, expect, it } from 'vitest';
import { fromEachServer, promptChoices, resourceChoices } from '../src/lib/composer/content-choices.ts';

const server = { id: 'srv-1', name: 'everything' };

describe('promptChoices', () => {
  it('keeps the named prompts with their arguments, dropping malformed entries', () => {
    expect(
      promptChoices(server, [
        {
          name: 'args-prompt',
          description: 'A prompt with arguments',
          arguments: [{ name: 'city', required: true }, { name: 'state' }, { description: 'no name' }],
        },
        { description: 'no name' },
        { name: 'simple-prompt', title: 42 },
      ]),
    ).toEqual([
      {
        serverId: 'srv-1',
        server: 'everything',
        name: 'args-prompt',
        description: 'A prompt with arguments',
        arguments: [
          { name: 'city', required: true },
          { name: 'state', required: false },
        ],
      },
      { serverId: 'srv-1', server: 'everything', name: 'simple-prompt', arguments: [] },
    ]);
  });
});

describe('resourceChoices', () => {
  it('keeps resources with a URI, named by their URI when they have no name', () => {
    expect(
      resourceChoices(server, [
        { uri: 'demo://1', name: 'One', mimeType: 'text/plain' },
        { uri: 'demo://2' },
        { name: 'no uri' },
      ]),
    ).toEqual([
      { serverId: 'srv-1', server: 'everything', uri: 'demo://1', name: 'One', mimeType: 'text/plain' },
      { serverId: 'srv-1', server: 'everything', uri: 'demo://2', name: 'demo://2' },
    ]);
  });
});

describe('fromEachServer', () => {
  it('joins what each server lists and leaves out the servers that fail', async () => {
    const listed = await fromEachServer([server, { id: 'srv-2', name: 'down' }], async (entry) => {
      if (entry.id === 'srv-2') throw new Error('unreachable');
      return [entry.name];
    });
    expect(listed).toEqual(['everything']);
  });
});
