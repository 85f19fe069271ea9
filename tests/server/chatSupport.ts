/**
 * Calls of the chat API (contract/chat.ts) for the chat suites, and a Server-Sent Events client
 * that reads a real stream over HTTP (fetch and a stream reader, as the browser's client does:
 * src/api/chat.ts), keeping every event it got.
 */
import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isRight } from 'fp-ts/lib/Either.js';
import { expect } from 'vitest';
import { ChatConversation, type ChatMessage } from '../../contract/chat.js';
import type { Patient, Response } from './paymentSupport.js';

/**
 * How long a test waits for a stream's event. Well short of the streams' own recheck (a minute),
 * so an event that arrives came by the push (NOTIFY), yet long enough for a loaded test machine.
 * How fast the push is, is a bench figure (npm run bench), never a timed assertion.
 */
export const PUSHED_MS = 10_000;

export const chatOf = (app: FastifyInstance, who: Patient | null, id: string) =>
  app.inject({ method: 'GET', url: `/api/appointment/${id}/chat`, headers: who ? who.headers : {} }) as Promise<Response>;

export const say = (app: FastifyInstance, who: Patient | null, id: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/appointment/${id}/chat/messages`, headers: who ? who.headers : {}, payload: payload as object }) as Promise<Response>;

export const sendPhoto = (app: FastifyInstance, who: Patient | null, id: string, bytes: Buffer, contentType = 'image/jpeg') =>
  app.inject({
    method: 'POST',
    url: `/api/appointment/${id}/chat/photos`,
    headers: { ...(who ? who.headers : {}), 'content-type': contentType },
    payload: bytes,
  }) as Promise<Response>;

export const markRead = (app: FastifyInstance, who: Patient, id: string, upTo: unknown) =>
  app.inject({ method: 'POST', url: `/api/appointment/${id}/chat/read`, headers: who.headers, payload: { upTo } as object }) as Promise<Response>;

export async function conversation(app: FastifyInstance, who: Patient, id: string): Promise<ChatConversation> {
  const res = await chatOf(app, who, id);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(isRight(ChatConversation.decode(res.json()))).toBe(true);
  return res.json() as ChatConversation;
}

export async function said(app: FastifyInstance, who: Patient, id: string, text: string): Promise<ChatMessage> {
  const res = await say(app, who, id, { text });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChatMessage;
}

/* ------------------------------------------------------------ SSE client */

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export async function listening(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * A stream over its own connection (node:http, no keep-alive pool): closing it closes the socket
 * at once, so the server sees the browser go, and an app closing after the test is not held up by
 * a pooled connection.
 */
export async function openStream(base: string, who: Patient, id: string, lastEventId?: string, headers: Record<string, string> = {}) {
  const stream = await openEventStream(`${base}/api/appointment/${id}/chat/stream`, {
    ...who.headers,
    ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    ...headers,
  });
  return Object.assign(stream, { messages: () => stream.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as ChatMessage) });
}

/** Any Server-Sent Events stream of the API, as `openStream` reads the chat's. */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const request = http.get(url, { headers, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  request.on('error', () => undefined); // closed by close(): not a failure
  response.setEncoding('utf8');
  const status = response.statusCode ?? 0;
  const res = {
    status,
    ok: status >= 200 && status < 300,
    headers: {
      get(name: string): string | null {
        const value = response.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
  };
  const events: SseEvent[] = [];
  let ended = false;
  let body = '';
  let buffer = '';
  const reading = (async () => {
    try {
      for await (const chunk of response as AsyncIterable<string>) {
        if (!res.ok) {
          body += chunk;
          continue;
        }
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | undefined;
          let event = '';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (event) events.push({ id, event, data: data.join('\n') });
        }
      }
    } catch {
      // closed
    } finally {
      ended = true;
    }
  })();
  // A refusal (not 2xx) is JSON, not a stream: read whole.
  if (!res.ok) await reading;
  return {
    res,
    events,
    /** The body of a refused stream (not 2xx). */
    refusal: (): unknown => (res.ok ? undefined : JSON.parse(body)),
    get ended() {
      return ended;
    },
    async waitFor(check: () => boolean, ms = PUSHED_MS): Promise<number> {
      const start = performance.now();
      while (!check()) {
        if (performance.now() - start > ms) throw new Error(`waited ${ms} ms; events: ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 5));
      }
      return performance.now() - start;
    },
    async close() {
      request.destroy();
      await reading;
    },
  };
}
