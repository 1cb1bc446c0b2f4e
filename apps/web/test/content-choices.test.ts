import { describe, expect, it } from 'vitest';
import {
  completionValues,
  fromEachServer,
  promptChoices,
  resourceChoices,
  resourceTemplateChoices,
} from '../src/lib/composer/content-choices.ts';

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

describe('resourceTemplateChoices', () => {
  it('keeps templates with a URI template, with their optional texts, dropping malformed entries', () => {
    expect(
      resourceTemplateChoices(server, [
        {
          uriTemplate: 'demo://resource/dynamic/text/{resourceId}',
          name: 'Dynamic Text Resource',
          description: 'Plaintext',
          mimeType: 'text/plain',
          title: 7,
        },
        { uriTemplate: 'storage://{key}' },
        { name: 'no template' },
      ]),
    ).toEqual([
      {
        serverId: 'srv-1',
        server: 'everything',
        uriTemplate: 'demo://resource/dynamic/text/{resourceId}',
        name: 'Dynamic Text Resource',
        description: 'Plaintext',
        mimeType: 'text/plain',
      },
      { serverId: 'srv-1', server: 'everything', uriTemplate: 'storage://{key}', name: 'storage://{key}' },
    ]);
  });
});

describe('completionValues', () => {
  it('keeps the string values of a completion/complete answer, none when it has no list', () => {
    expect(completionValues({ completion: { values: ['3', 4, '30'], hasMore: false } })).toEqual(['3', '30']);
    expect(completionValues({ completion: {} })).toEqual([]);
    expect(completionValues(undefined)).toEqual([]);
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
