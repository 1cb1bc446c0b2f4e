import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ChangingMcpServer, startChangingMcpServer } from './support/changing-mcp-server.ts';
import {
  type ChangedList,
  connectEndpoint,
  type EndpointClientOptions,
} from './support/mcp-endpoint-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';

/** A client of `/mcp` and the list changes it heard, in order. */
interface Listening {
  client: Client;
  heard: ChangedList[];
  /** Resolves once the client heard `count` changes of `list` in all. */
  hears(list: ChangedList, count?: number): Promise<void>;
}

const names = (items: Array<{ name: string }>) => items.map((item) => item.name);

const found = async (client: Client, query: string) => {
  const result = await client.callTool({ name: 'search_tools', arguments: { query, limit: 20 } });
  return ((result.structuredContent as { tools?: Array<{ name: string }> } | undefined)?.tools ?? []).map(
    (tool) => tool.name,
  );
};

describe("/mcp forwards its servers' list changes to the clients that can see them", () => {
  /** The deployment's server, which every user sees. */
  let weather: ChangingMcpServer;
  /** Alice's own registration, which Bob does not see. */
  let notes: ChangingMcpServer;
  let gw: TestGateway;
  const clients: Client[] = [];

  const listen = async (key: string, options: EndpointClientOptions): Promise<Listening> => {
    const heard: ChangedList[] = [];
    const client = await connectEndpoint(gw.url, {
      key,
      ...options,
      onListChanged: (list) => heard.push(list),
    });
    clients.push(client);
    return {
      client,
      heard,
      hears: (list, count = 1) =>
        vi.waitFor(() => expect(heard.filter((each) => each === list).length).toBeGreaterThanOrEqual(count)),
    };
  };

  beforeAll(async () => {
    weather = await startChangingMcpServer();
    notes = await startChangingMcpServer();
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [{ name: 'weather', url: weather.url }],
      allowPrivateNetworks: true,
    });
    expect((await gw.alice.post('/servers', { name: 'notes', url: notes.url })).status).toBe(201);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await gw?.close();
    await weather?.close();
    await notes?.close();
  });

  for (const protocol of ['legacy', 'auto'] as const) {
    it(`discovery mode (${protocol}): a client that activated none of a server's tools does not hear of its tool changes`, async () => {
      const idle = await listen(KEYS.alice, { mode: 'discovery', protocol });
      const aggregate = await listen(KEYS.alice, { mode: 'aggregate', protocol });
      expect(names((await idle.client.listTools()).tools)).toEqual([
        'search_tools',
        'describe_tool',
        'call_tool',
      ]);
      await aggregate.client.listTools();
      weather.addResource(`satellite_${protocol}`);
      await Promise.all([idle.hears('resources'), aggregate.hears('resources')]);

      weather.addTool(`convert_units_${protocol}`, 'Converts between units.');
      // The aggregate client heard it, so the change was forwarded (or not) to every client by now.
      await aggregate.hears('tools');
      weather.addPrompt(`almanac_${protocol}`);
      await idle.hears('prompts');
      expect(idle.heard).toEqual(['resources', 'prompts']);
    });
  }

  for (const protocol of ['legacy', 'auto'] as const) {
    it(`aggregate mode (${protocol}): a tool the server adds at run time is announced, and in the next tools/list`, async () => {
      const alice = await listen(KEYS.alice, { mode: 'aggregate', protocol });
      const before = names((await alice.client.listTools()).tools);
      expect(before).toContain('weather_status');
      expect(before).not.toContain(`weather_forecast_${protocol}`);

      weather.addTool(`forecast_${protocol}`, 'Forecasts the weather of a city.');
      await alice.hears('tools');
      expect(names((await alice.client.listTools()).tools)).toContain(`weather_forecast_${protocol}`);
    });

    it(`discovery mode (${protocol}): a tool the server adds at run time is announced and found by search_tools`, async () => {
      const alice = await listen(KEYS.alice, { mode: 'discovery', protocol });
      // Finding a weather tool activates it: its server's changes now change this tools/list.
      expect(await found(alice.client, 'whether the service is up')).toContain('weather_status');
      await alice.hears('tools');
      const unknown = await alice.client.callTool({
        name: 'describe_tool',
        arguments: { name: `weather_translate_${protocol}` },
      });
      expect(unknown.isError).toBe(true);

      weather.addTool(`translate_${protocol}`, 'Translates text between languages.');
      await alice.hears('tools', 2);
      expect(await found(alice.client, 'translates text between languages')).toContain(
        `weather_translate_${protocol}`,
      );
    });

    it(`resources and prompts (${protocol}): each change is announced and in the next listing; Bob never hears of Alice's own server`, async () => {
      const alice = await listen(KEYS.alice, { mode: 'aggregate', protocol });
      const bob = await listen(KEYS.bob, { mode: 'aggregate', protocol });
      expect(names((await alice.client.listTools()).tools)).toContain('notes_status');
      expect(names((await bob.client.listTools()).tools)).not.toContain('notes_status');

      // A shared server's change reaches both (so both clients are listening from here on).
      weather.addResource(`warning_${protocol}`);
      await Promise.all([alice.hears('resources'), bob.hears('resources')]);
      const resources = (await bob.client.listResources()).resources.map((resource) => resource.uri);
      expect(resources).toContain(`test://warning_${protocol}`);

      // Alice's own server changes: she hears it; Bob, who cannot see that server, must not.
      notes.addTool(`jot_${protocol}`, 'Jots a note down.');
      await alice.hears('tools');
      expect(names((await alice.client.listTools()).tools)).toContain(`notes_jot_${protocol}`);

      // The next shared change reaches Bob on the same stream, after anything sent to him before it.
      weather.addPrompt(`briefing_${protocol}`);
      await Promise.all([alice.hears('prompts'), bob.hears('prompts')]);
      expect(names((await bob.client.listPrompts()).prompts)).toContain(`weather_briefing_${protocol}`);
      expect(bob.heard).toEqual(['resources', 'prompts']);
      expect(alice.heard).toEqual(['resources', 'tools', 'prompts']);
    });
  }
});
