/**
 * The chat's calls (src/api/chat.ts) over a fake fetch: the SSE parser (line ends of every kind,
 * chunks cut anywhere, comments, multi-line data, ids), the stream read with the bearer token and
 * Last-Event-ID, its messages decoded, the server's reconnect, a refusal before it starts, an
 * event that is not a message, the caller's abort; a photo sent as its bytes with its type, the
 * server's 400 kept with its field; a photo fetched as a Blob; the JSON calls' paths and bodies.
 */
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../contract/chat.js';
import { createChatApi, SseParser } from '../../src/api/chat.js';
import { createApiClient } from '../../src/api/client.js';

const id = '3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c';
const message = (n: number): ChatMessage => ({ id: String(n), from: 'doctor', text: `Message ${n}`, photo: null, at: '2025-03-11T05:20:00.000Z' });

/** A response whose body arrives in the given chunks; `hold` keeps it open until aborted. */
function streaming(chunks: string[], { hold = false, status = 200 } = {}) {
  const encoder = new TextEncoder();
  return (signal?: AbortSignal | null) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
          if (!hold) controller.close();
          else signal?.addEventListener('abort', () => controller.error(signal.reason));
        },
      }),
      { status, headers: { 'content-type': 'text/event-stream' } },
    );
}

function api(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => answer(String(input), init ?? {}));
  return { api: createChatApi(createApiClient({ fetch, base: '/api' })), fetch };
}

const headersOf = (init: RequestInit) => new Headers(init.headers);

describe('SseParser', () => {
  it('parses events cut anywhere, with CR LF, CR or LF line ends, comments and multi-line data', () => {
    const text = 'retry: 2000\r\n: open\r\n\r\nid: 7\revent: message\rdata: {"a":\rdata: 1}\r\r: keep-alive\n\nid: 8\ndata: x\n\nevent: reconnect\ndata: {}\n\n';
    for (const size of [1, 2, 3, 7, text.length]) {
      const parser = new SseParser();
      const events = [];
      for (let i = 0; i < text.length; i += size) events.push(...parser.push(text.slice(i, i + size)));
      expect(events, `chunks of ${size}`).toEqual([
        { event: 'message', data: '{"a":\n1}', id: '7' },
        { event: 'message', data: 'x', id: '8' },
        { event: 'reconnect', data: '{}', id: '8' },
      ]);
    }
  });

  it('sends nothing for an event without data, and nothing before its blank line', () => {
    const parser = new SseParser();
    expect(parser.push('event: message\n\n')).toEqual([]);
    expect(parser.push('data: half')).toEqual([]);
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: 'half', id: '' }]);
  });
});

describe('the chat stream', () => {
  it('asks with the bearer token and Last-Event-ID, decodes each message, and ends when the server asks to reconnect', async () => {
    const body = streaming([
      'retry: 2000\n: open\n\n',
      `id: 5\nevent: message\ndata: ${JSON.stringify(message(5))}\n\n`,
      `id: 6\nevent: message\nda`,
      `ta: ${JSON.stringify(message(6))}\n\n: keep-alive\n\nevent: reconnect\ndata: {}\n\n`,
      `id: 7\nevent: message\ndata: ${JSON.stringify(message(7))}\n\n`,
    ]);
    const { api: chat, fetch } = api((_url, init) => body(init.signal));
    const seen: ChatMessage[] = [];
    const end = await chat.readStream(id, '4', 'tok', { onMessage: (m) => seen.push(m) }, new AbortController().signal);
    expect(end).toEqual({ kind: 'reconnect' });
    expect(seen.map((m) => m.id)).toEqual(['5', '6']);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/api/appointment/${id}/chat/stream`);
    expect(headersOf(init!).get('authorization')).toBe('Bearer tok');
    expect(headersOf(init!).get('last-event-id')).toBe('4');
  });

  it("ends on the server's `changed` (the appointment's state moved on), reading nothing after it", async () => {
    const body = streaming([`id: 8\nevent: message\ndata: ${JSON.stringify(message(8))}\n\nevent: changed\ndata: {}\n\n`, `id: 9\nevent: message\ndata: ${JSON.stringify(message(9))}\n\n`]);
    const { api: chat } = api((_url, init) => body(init.signal));
    const seen: ChatMessage[] = [];
    expect(await chat.readStream(id, '7', 'tok', { onMessage: (m) => seen.push(m) }, new AbortController().signal)).toEqual({ kind: 'changed' });
    expect(seen.map((m) => m.id)).toEqual(['8']);
  });

  it('sends no Last-Event-ID from the start, and says when the connection ended', async () => {
    const { api: chat, fetch } = api(() => streaming([`id: 1\ndata: ${JSON.stringify(message(1))}\n\n`])());
    const seen: ChatMessage[] = [];
    expect(await chat.readStream(id, '0', 'tok', { onMessage: (m) => seen.push(m) }, new AbortController().signal)).toEqual({ kind: 'ended' });
    expect(seen).toHaveLength(1);
    expect(headersOf(fetch.mock.calls[0]![1]!).has('last-event-id')).toBe(false);
  });

  it("fails with the server's refusal before it starts, and on an event that is not a message", async () => {
    const refused = api(() => new Response(JSON.stringify({ message: 'Appointment not found.' }), { status: 404 }));
    const end = await refused.api.readStream(id, '0', 'tok', { onMessage: () => undefined }, new AbortController().signal);
    expect(end).toMatchObject({ kind: 'failed', failure: { _tag: 'HttpFailure', status: 404, message: 'Appointment not found.' } });

    const odd = api(() => streaming(['data: {"id":"1"}\n\n'])());
    const bad = await odd.api.readStream(id, '0', 'tok', { onMessage: () => undefined }, new AbortController().signal);
    expect(bad).toMatchObject({ kind: 'failed', failure: { _tag: 'DecodeFailure' } });
  });

  it("rejects with the abort when the caller stops reading (the machine left Live)", async () => {
    const { api: chat } = api((_url, init) => streaming([': open\n\n'], { hold: true })(init.signal));
    const controller = new AbortController();
    const reading = chat.readStream(id, '0', 'tok', { onMessage: () => undefined }, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the chat calls', () => {
  it('sends a photo as its bytes with its type (or as bytes when the type is not a photo type) and decodes the message', async () => {
    const answer = { ...message(9), from: 'patient', photo: { id: 'p1', url: `/api/appointment/${id}/chat/photos/p1`, width: 10, height: 10 } };
    const { api: chat, fetch } = api(() => new Response(JSON.stringify(answer), { status: 200 }));
    const sent = await chat.postPhoto(id, new Blob(['jpeg'], { type: 'image/jpeg' }), 'tok');
    expect(isRight(sent) && sent.right.photo?.id).toBe('p1');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/api/appointment/${id}/chat/photos`);
    expect(init!.method).toBe('POST');
    expect(headersOf(init!).get('content-type')).toBe('image/jpeg');
    expect(headersOf(init!).get('authorization')).toBe('Bearer tok');
    expect(init!.body).toBeInstanceOf(Blob);
    await chat.postPhoto(id, new Blob(['?'], { type: 'image/gif' }), 'tok');
    expect(headersOf(fetch.mock.calls[1]![1]!).get('content-type')).toBe('application/octet-stream');
  });

  it("keeps the server's 400 with the field it names", async () => {
    const words = 'This file is not a photo. Send a JPEG, PNG, WebP or HEIC picture.';
    const { api: chat } = api(() => new Response(JSON.stringify({ message: words, errors: [{ field: 'photo', message: words }] }), { status: 400 }));
    const sent = await chat.postPhoto(id, new Blob(['%PDF']), 'tok');
    expect(isLeft(sent) && sent.left).toMatchObject({ _tag: 'HttpFailure', status: 400, message: words, errors: [{ field: 'photo', message: words }] });
  });

  it('fetches a photo as a Blob with the token; loads, sends texts and read marks as JSON', async () => {
    const { api: chat, fetch } = api((url) => {
      if (url.endsWith('/photos/p1')) return new Response(new Blob(['jpeg'], { type: 'image/jpeg' }), { status: 200 });
      if (url.endsWith('/read')) return new Response(JSON.stringify({ unread: 0 }), { status: 200 });
      return new Response(JSON.stringify(message(3)), { status: 200 });
    });
    const photo = await chat.fetchPhoto(id, 'p1', 'tok');
    expect(isRight(photo) && (await photo.right.text())).toBe('jpeg');
    expect(headersOf(fetch.mock.calls[0]![1]!).get('authorization')).toBe('Bearer tok');
    expect(isRight(await chat.postText(id, 'Hello', 'tok'))).toBe(true);
    expect(fetch.mock.calls[1]![0]).toBe(`/api/appointment/${id}/chat/messages`);
    expect(JSON.parse(String(fetch.mock.calls[1]![1]!.body))).toEqual({ text: 'Hello' });
    expect(isRight(await chat.markRead(id, '3', 'tok'))).toBe(true);
    expect(fetch.mock.calls[2]![0]).toBe(`/api/appointment/${id}/chat/read`);
    expect(JSON.parse(String(fetch.mock.calls[2]![1]!.body))).toEqual({ upTo: '3' });
  });
});
