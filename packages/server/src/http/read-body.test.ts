import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { SchemaValidator } from '@switchboard/core';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { readBody } from './read-body.ts';

const MAX = 64;
const Schema = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };

/** An app that echoes the `text` of a JSON body of at most `maxBodyBytes` (64) bytes. */
function echoApp(maxBodyBytes = MAX): Hono {
  const app = new Hono();
  const services = { validator: new SchemaValidator(), limits: { maxBodyBytes } } as never;
  app.post('/echo', async (c) => c.json(await readBody<{ text: string }>(c, Schema, services)));
  app.onError((error, c) =>
    error instanceof ApiError
      ? c.json({ code: error.code, message: error.message }, error.status)
      : c.json({ code: 'internal' }, 500),
  );
  return app;
}

const encoder = new TextEncoder();

/** A body of `chunks` chunks of 16 bytes (forever without a count), recording how many were read. */
function chunkedBody(chunks = Number.POSITIVE_INFINITY) {
  const read = { chunks: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.chunks === chunks) return controller.close();
      read.chunks++;
      controller.enqueue(encoder.encode(' '.repeat(16)));
    },
  });
  return { stream, read };
}

const json = { 'content-type': 'application/json' };

describe('readBody', () => {
  const app = echoApp();

  it('reads a JSON body within the limit, with or without a declared length', async () => {
    const body = JSON.stringify({ text: 'héllo' });
    const declared = await app.request('/echo', {
      method: 'POST',
      headers: { ...json, 'content-length': String(encoder.encode(body).length) },
      body,
    });
    expect(await declared.json()).toEqual({ text: 'héllo' });
    const streamed = await app.request('/echo', { method: 'POST', headers: json, body });
    expect(await streamed.json()).toEqual({ text: 'héllo' });
  });

  it('refuses a declared length over the limit without reading the body', async () => {
    const { stream, read } = chunkedBody(8);
    const response = await app.request('/echo', {
      method: 'POST',
      headers: { ...json, 'content-length': '128' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: 'payload_too_large',
      message: 'the body is larger than 64 bytes',
    });
    expect(read.chunks).toBeLessThanOrEqual(1);
  });

  it('stops reading a body without a length at the limit, however long it goes on', async () => {
    const { stream, read } = chunkedBody();
    const response = await app.request('/echo', {
      method: 'POST',
      headers: json,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(read.chunks).toBeLessThan(10);
  });

  it('measures a body that declared less than it carries', async () => {
    const response = await app.request('/echo', {
      method: 'POST',
      headers: { ...json, 'content-length': '10' },
      body: JSON.stringify({ text: 'x'.repeat(100) }),
    });
    expect(response.status).toBe(413);
  });

  it('answers malformed JSON and other media types with what to fix', async () => {
    const malformed = await app.request('/echo', { method: 'POST', headers: json, body: '{"text":' });
    expect(await malformed.json()).toMatchObject({ code: 'invalid_json' });
    const form = await app.request('/echo', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(form.status).toBe(415);
  });

  it('refuses JSON nested deeper than 64 levels before parsing it, brackets inside strings aside', async () => {
    const roomy = echoApp(100_000);
    const send = (body: string) => roomy.request('/echo', { method: 'POST', headers: json, body });
    const deep = await send(`{"text":"x","more":${'['.repeat(65)}${']'.repeat(65)}}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({
      code: 'invalid_json',
      message: expect.stringMatching(/64 levels/),
    });
    const inText = await send(JSON.stringify({ text: `${'['.repeat(500)}"\\${'{'.repeat(500)}` }));
    expect(inText.status).toBe(200);
    expect((await send(`{"text":"x","more":${'['.repeat(63)}${']'.repeat(63)}}`)).status).toBe(200);
  });
});

describe('readBody over HTTP', () => {
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    const server = serve({ fetch: echoApp().fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/echo`;
    close = () => server.close();
  });

  afterAll(() => close());

  it('reads a body sent with its length, and refuses one over the limit', async () => {
    const ok = await fetch(url, { method: 'POST', headers: json, body: JSON.stringify({ text: 'hi' }) });
    expect(await ok.json()).toEqual({ text: 'hi' });
    const big = await fetch(url, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ text: 'x'.repeat(MAX) }),
    });
    expect(big.status).toBe(413);
  });

  it('counts a chunked body as it arrives and refuses it past the limit', async () => {
    const small = await fetch(url, {
      method: 'POST',
      headers: json,
      body: new Blob(['{"text":"chunked"}']).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(await small.json()).toEqual({ text: 'chunked' });
    const { stream } = chunkedBody(8);
    const big = await fetch(url, {
      method: 'POST',
      headers: json,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(big.status).toBe(413);
  });
});
