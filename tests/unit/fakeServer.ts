/** A fake fetch for the API modules' tests, and a reader of what it was asked. */
import { vi } from 'vitest';

/** A fetch that answers every call with `status` and `body`, recording what it was asked. */
export function server(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));
}

/** What the fake fetch was asked first: method, URL, body, bearer token, signal. */
export function asked(fetch: ReturnType<typeof server>) {
  const [url, init] = fetch.mock.calls[0] ?? [];
  const headers = (init?.headers ?? {}) as Record<string, string>;
  return {
    method: init?.method,
    url,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
    authorization: headers.Authorization,
    signal: init?.signal,
  };
}
