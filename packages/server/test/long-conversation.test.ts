import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAutoUiServer } from '@switchboard/autoui';
import { type LanguageModel, trimHistory } from '@switchboard/core';
import { createOfflinePlanner } from '@switchboard/servers/offline-planner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShippedForGateway, startShippedForGateway } from './support/shipped-for-gateway.ts';
import { testBackends } from './support/test-database.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

/** Turns of the soak: `SOAK_TURNS` (`npm run test:soak`, 200 on demand), else a size that fits CI's time budget. */
const TURNS = Number(process.env.SOAK_TURNS ?? 36);
if (!(TURNS >= 21))
  throw new Error(
    `SOAK_TURNS must be at least 21 (turns 10 and 20 are compared with the last), not ${process.env.SOAK_TURNS}`,
  );
/** The history bound of this gateway: small enough that a CI-sized soak reaches it. */
const HISTORY_CHARS = 20_000;
/** How much slower the last turns may be than turns 6–10 (median against median). */
const MAX_LATENCY_RATIO = 1.5;
/**
 * Whether times are asserted: in the soak run (`npm run test:soak`, on a quiet machine) they are;
 * in `npm test` they are measured and reported only, since a loaded machine slows any turn.
 */
const TIMED = process.env.SOAK_TIMED === '1';
/** Where each backend's figures go: test-output/soak/gateway-<backend>.json. */
const REPORTS = fileURLToPath(new URL('../../../test-output/soak/', import.meta.url));

/** The two requests the conversation alternates. */
const REQUESTS = [(turn: number) => `what is ${turn} plus 3`, () => 'search milk'];

/** What one turn did and cost. */
interface TurnFigures {
  turn: number;
  ms: number;
  /** The calls that answered (not discovery), without their server prefix, and the widgets shown. */
  tools: string[];
  widgets: string[];
  stopReason: string;
  /** Bytes of the turn's event stream. */
  streamBytes: number;
  /** Rows the turn added: messages, stream chunks, canvas events. */
  rows: { messages: number; streamChunks: number; canvasEvents: number };
  /** Characters of the stored session after the turn (what the next turn reads; this one rewrote it). */
  sessionChars: number;
  /** Characters of the turn's largest model request (system, messages and tools as JSON), and its messages. */
  requestChars: number;
  requestMessages: number;
  /** Whether every model request of the turn kept its history within {@link HISTORY_CHARS}. */
  requestWithinBound: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The gateway side of the long-use soak (issue #32): one conversation of {@link TURNS} turns through
 * the chat API, the offline planner alternating a sum and a product search (a tool and a widget each
 * turn), on the shipped servers and PGlite. Each turn is answered as the first of its kind was, and
 * what a turn costs does not grow: its latency (a ratio of medians in the same run; asserted in the
 * soak run only, see {@link TIMED}), the rows and
 * stream bytes it adds, the session it rewrites and the model request it sends. The figures of each
 * turn are written to test-output/soak/gateway-<backend>.json.
 */
describe.each(testBackends())(
  `a conversation of ${TURNS} turns through the chat API (offline planner, %s)`,
  (backend) => {
    let shipped: ShippedForGateway;
    let gw: TestGateway;
    /** The model requests of the current turn. */
    let requests: Array<{ chars: number; messages: number; withinBound: boolean }> = [];

    beforeAll(async () => {
      const planner = createOfflinePlanner();
      const measured: LanguageModel = {
        id: planner.id,
        kind: planner.kind,
        stream(request) {
          requests.push({
            chars:
              request.system.length +
              JSON.stringify(request.messages).length +
              JSON.stringify(request.tools).length,
            messages: request.messages.length,
            withinBound: trimHistory(request.messages, HISTORY_CHARS) === request.messages,
          });
          return planner.stream(request);
        },
      };
      shipped = await startShippedForGateway(['calculator-storage', 'shop']);
      gw = await startTestGateway(backend, {
        model: measured,
        ...shipped.gateway,
        extraLayers: [createAutoUiServer({ name: 'autoui' }).layer()],
        // A person asks slower than the soak does: the rate limit and the per-session tool-turn cap would end it.
        limits: { requestsPerMinute: 0, toolTurnsPerSession: 100_000, historyChars: HISTORY_CHARS },
      });
    });
    afterAll(async () => {
      await gw?.close();
      await shipped?.close();
    });

    it(
      'answers every request as the first time, at a per-turn cost that does not grow',
      async () => {
        const db = gw.gateway.services.db;
        const id = (await gw.alice.post('/conversations', {})).body.id as string;
        const count = async () => {
          const { rows } = await db.query<{
            messages: number;
            chunks: number;
            canvas: number;
            session: number;
          }>(
            `SELECT (SELECT count(*)::int FROM messages WHERE conversation_id = $1) AS messages,
                (SELECT count(*)::int FROM stream_chunks WHERE conversation_id = $1) AS chunks,
                (SELECT count(*)::int FROM canvas_events WHERE conversation_id = $1) AS canvas,
                (SELECT length(session::text) FROM conversations WHERE id = $1) AS session`,
            [id],
          );
          return rows[0];
        };
        const figures: TurnFigures[] = [];
        let before = await count();
        for (let turn = 1; turn <= TURNS; turn++) {
          requests = [];
          const started = performance.now();
          const response = await gw.alice.fetch(`/conversations/${id}/chat`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
            body: JSON.stringify({ content: REQUESTS[(turn - 1) % 2](turn) }),
          });
          const stream = await response.text();
          const ms = performance.now() - started;
          const events = stream
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => JSON.parse(line.slice(5)));
          const custom = (name: string) =>
            events
              .filter((event) => event.type === 'CUSTOM' && event.name === name)
              .map((event) => event.value);
          const after = await count();
          const largest = requests.reduce((big, next) => (next.chars > big.chars ? next : big));
          figures.push({
            turn,
            ms,
            tools: custom('tool_call')
              .map((call) => String(call.name).replace(/^.*_(?:mcp|webmcp)_/, ''))
              .filter((name) => name !== 'search_tools'),
            widgets: custom('widget').map((widget) => widget.type),
            stopReason: events.find((event) => event.type === 'RUN_FINISHED')?.result.stopReason ?? 'none',
            streamBytes: Buffer.byteLength(stream),
            rows: {
              messages: after.messages - before.messages,
              streamChunks: after.chunks - before.chunks,
              canvasEvents: after.canvas - before.canvas,
            },
            sessionChars: after.session,
            requestChars: largest.chars,
            requestMessages: largest.messages,
            requestWithinBound: requests.every((request) => request.withinBound),
          });
          before = after;
        }
        mkdirSync(REPORTS, { recursive: true });
        writeFileSync(`${REPORTS}gateway-${backend}.json`, JSON.stringify(figures, null, 2));
        const at = (turn: number) => figures[turn - 1];
        const last = figures.at(-1) as TurnFigures;
        const latencyRatio =
          median(figures.slice(-5).map((f) => f.ms)) / median(figures.slice(5, 10).map((f) => f.ms));
        console.log(
          [
            `gateway soak (${backend}), ${TURNS} turns:`,
            `  per-turn latency: turns 6–10 median ${median(figures.slice(5, 10).map((f) => f.ms)).toFixed(0)} ms, last 5 median ${median(figures.slice(-5).map((f) => f.ms)).toFixed(0)} ms, ratio ${latencyRatio.toFixed(2)}`,
            `  rows per turn (turn 10 / last): ${JSON.stringify(at(10).rows)} / ${JSON.stringify(last.rows)}`,
            `  event stream per turn (turn 10 / last): ${at(10).streamBytes} / ${last.streamBytes} bytes`,
            `  stored session (turn 10 / last): ${at(10).sessionChars} / ${last.sessionChars} characters`,
            `  model request (turn 10 / last): ${at(10).requestChars} / ${last.requestChars} characters, ${at(10).requestMessages} / ${last.requestMessages} messages`,
          ].join('\n'),
        );

        // Every request answered as the first of its kind was: the same tool, the same kind of widget.
        const answers = figures.map(
          (f) => `${f.stopReason}: ${f.tools.join(', ')} → ${f.widgets.join(', ')}`,
        );
        const expected = figures.map((f) => answers[(f.turn - 1) % 2]);
        expect(answers).toEqual(expected);
        expect(answers.slice(0, 2)).toEqual([
          'end_turn: calculate, widget_display → stat',
          'end_turn: search_products, widget_display → table',
        ]);
        // What a turn adds and rewrites does not grow with the conversation.
        for (const f of figures.slice(10)) {
          const same = at(10 - ((f.turn - 10) % 2));
          // Stream chunks follow the turn's duration (events are stored every flushMs), not the conversation's length.
          expect({ ...f.rows, streamChunks: 0 }, `turn ${f.turn}`).toEqual({ ...same.rows, streamChunks: 0 });
          expect(f.streamBytes, `turn ${f.turn}`).toBeLessThan(same.streamBytes * 1.05);
          expect(f.requestWithinBound, `turn ${f.turn}`).toBe(true);
        }
        // The stored session holds no more history than a request carries, and stops growing.
        const { rows } = await db.query<{ session: string }>(
          'SELECT session FROM conversations WHERE id = $1',
          [id],
        );
        const stored = JSON.parse(rows[0].session) as { messages: Parameters<typeof trimHistory>[0] };
        expect(trimHistory(stored.messages, HISTORY_CHARS)).toBe(stored.messages);
        const sessionMax = Math.max(...figures.slice(0, 20).map((f) => f.sessionChars));
        for (const f of figures.slice(20))
          expect(f.sessionChars, `turn ${f.turn}`).toBeLessThan(sessionMax * 1.05);
        if (TIMED) expect(latencyRatio).toBeLessThanOrEqual(MAX_LATENCY_RATIO);
      },
      60_000 + TURNS * 2_000,
    );
  },
);
