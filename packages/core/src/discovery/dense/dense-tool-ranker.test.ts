import { afterEach, describe, expect, it } from 'vitest';
import { DenseRetrieval } from './dense-retrieval.ts';
import { DenseToolRanker } from './dense-tool-ranker.ts';
import { parseEmbeddingsConfig } from './embeddings-config.ts';
import { fakeEmbeddingsServer } from './fake-embeddings-server.test-helper.ts';
import { fuseRankings } from './fuse-rankings.ts';
import { openAiEmbedder } from './openai-embeddings.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function started(options: { status?: number } = {}) {
  const server = await fakeEmbeddingsServer(options);
  closers.push(server.close);
  return server;
}

describe('parseEmbeddingsConfig', () => {
  it('reads openai-compatible:URL#model and means nothing when unset', () => {
    expect(parseEmbeddingsConfig('openai-compatible:http://localhost:11434/v1/#nomic-embed-text')).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      model: 'nomic-embed-text',
    });
    expect(parseEmbeddingsConfig(undefined)).toBeUndefined();
    expect(parseEmbeddingsConfig('  ')).toBeUndefined();
  });

  it('names the expected form when malformed', () => {
    expect(() => parseEmbeddingsConfig('http://localhost:11434/v1#model')).toThrow(
      /openai-compatible:URL#model/,
    );
    expect(() => parseEmbeddingsConfig('openai-compatible:http://localhost:11434/v1')).toThrow(/URL#model/);
  });
});

describe('dense retrieval over an OpenAI-compatible embeddings endpoint', () => {
  it('ranks tools by embedding similarity, embedding each text once for every ranker', async () => {
    const server = await started();
    const config = parseEmbeddingsConfig(`openai-compatible:${server.baseUrl}#test-model`);
    if (config === undefined) throw new Error('config expected');
    const retrieval = new DenseRetrieval({ embed: openAiEmbedder(config) });
    const ranker = new DenseToolRanker(retrieval);
    const documents = [
      { id: 'weather_get_forecast', text: 'get forecast: weather forecast for a city' },
      { id: 'mail_send', text: 'send mail: send an email message to a recipient' },
      { id: 'mail_send_copy', text: 'send mail: send an email message to a recipient' },
    ];
    ranker.add(documents);
    expect(ranker.size).toBe(3);
    expect(await ranker.rank(['what is the weather forecast for Paris'], 1)).toEqual([
      ['weather_get_forecast'],
    ]);
    expect(server.requests[0]).toEqual({
      model: 'test-model',
      input: ['get forecast: weather forecast for a city', 'send mail: send an email message to a recipient'],
    });
    ranker.remove('mail_send');
    expect(await ranker.rank(['send an email', 'city weather'], 3)).toEqual([
      ['mail_send_copy', 'weather_get_forecast'],
      ['weather_get_forecast', 'mail_send_copy'],
    ]);
    const other = new DenseToolRanker(retrieval);
    other.add(documents.slice(0, 1));
    expect(await other.rank(['forecast'], 1)).toEqual([['weather_get_forecast']]);
    expect(server.requests.map((request) => request.input)).toEqual([
      ['get forecast: weather forecast for a city', 'send mail: send an email message to a recipient'],
      ['what is the weather forecast for Paris'],
      ['send an email', 'city weather'],
      ['forecast'],
    ]);
  });

  it('rejects with the endpoint and status when the server fails', async () => {
    const server = await started({ status: 503 });
    const embed = openAiEmbedder({ baseUrl: server.baseUrl, model: 'test-model' });
    await expect(embed(['hello'])).rejects.toThrow(/embeddings failed: HTTP 503/);
  });
});

describe('fuseRankings', () => {
  it('puts what both rankings place high above what only one does', () => {
    expect(
      fuseRankings(
        [
          ['a', 'b', 'c'],
          ['b', 'd', 'a'],
        ],
        3,
      ),
    ).toEqual(['b', 'a', 'd']);
  });
});
