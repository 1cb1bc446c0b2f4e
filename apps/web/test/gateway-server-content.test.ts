import { describe, expect, it } from 'vitest';
import { gatewayServerContent } from '../src/lib/composer/gateway-server-content.ts';

describe('the gateway’s prompts and resources for the composer', () => {
  const requests: Array<{ path: string; body?: unknown }> = [];
  const answers: Record<string, unknown> = {
    '/servers': {
      items: [
        { id: 'srv_1', name: 'everything', authorization: 'not_needed' },
        { id: 'srv_2', name: 'github', authorization: 'required' },
        { id: 'srv_3', name: 'down', authorization: 'connected' },
      ],
    },
    '/servers/srv_1/prompts': {
      items: [{ name: 'args-prompt', arguments: [{ name: 'city', required: true }] }],
    },
    '/servers/srv_1/prompts/get': { messages: [{ role: 'user', content: { type: 'text', text: 'Paris?' } }] },
    '/servers/srv_1/resources': {
      items: [{ uri: 'demo://1', name: 'One' }],
      templates: [{ uriTemplate: 'demo://item/{id}', name: 'Item' }],
    },
    '/servers/srv_1/complete': { completion: { values: ['7', '70'], hasMore: false } },
    '/servers/srv_1/resources/read': { contents: [{ uri: 'demo://1', text: 'one' }] },
  };
  const json = async <T>(path: string, init?: RequestInit): Promise<T> => {
    requests.push({ path, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
    if (!(path in answers)) throw new Error(`gateway: GET ${path} failed (502)`);
    return answers[path] as T;
  };
  const content = gatewayServerContent(json);

  it('lists the prompts of the servers the person may use, leaving out those to connect and those failing', async () => {
    const prompts = await content.listPrompts();
    expect(prompts).toEqual([
      {
        serverId: 'srv_1',
        server: 'everything',
        name: 'args-prompt',
        arguments: [{ name: 'city', required: true }],
      },
    ]);
    expect(requests.map((request) => request.path)).not.toContain('/servers/srv_2/prompts');
    await expect(content.getPrompt(prompts[0], { city: 'Paris' })).resolves.toEqual([
      { role: 'user', content: { type: 'text', text: 'Paris?' } },
    ]);
    expect(requests.at(-1)).toEqual({
      path: '/servers/srv_1/prompts/get',
      body: { name: 'args-prompt', arguments: { city: 'Paris' } },
    });
  });

  it('lists and reads resources by server and URI', async () => {
    const [resource] = await content.listResources();
    expect(resource).toEqual({ serverId: 'srv_1', server: 'everything', uri: 'demo://1', name: 'One' });
    await expect(content.readResource(resource)).resolves.toEqual([{ uri: 'demo://1', text: 'one' }]);
    expect(requests.at(-1)).toEqual({ path: '/servers/srv_1/resources/read', body: { uri: 'demo://1' } });
  });

  it('lists the templates from the resources route and asks the server to complete a variable', async () => {
    const [template] = await content.listResourceTemplates();
    expect(template).toEqual({
      serverId: 'srv_1',
      server: 'everything',
      uriTemplate: 'demo://item/{id}',
      name: 'Item',
    });
    await expect(content.completeTemplateVariable(template, 'id', '7', { lang: 'en' })).resolves.toEqual([
      '7',
      '70',
    ]);
    expect(requests.at(-1)).toEqual({
      path: '/servers/srv_1/complete',
      body: {
        ref: { type: 'ref/resource', uri: 'demo://item/{id}' },
        argument: { name: 'id', value: '7' },
        context: { arguments: { lang: 'en' } },
      },
    });
  });
});
