import * as t from 'io-ts';
import { left, right } from 'fp-ts/lib/Either.js';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, failureMessage, isAbortError, request as defaultRequest, type ApiFailure, type HttpFailure } from '../../src/api/client.js';
import { AppointmentFeeList } from '../../contract/site.js';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that answers with `response` and records what it was asked. */
function fakeFetch(response: Response | (() => Promise<Response>)) {
  return vi.fn<typeof fetch>(async () => (typeof response === 'function' ? response() : response));
}

const fees = { data: [{ consultationType: 'Chat', consultationFee: 500 }] };

describe('request', () => {
  it('decodes a 200 answer with the codec', async () => {
    const fetch = fakeFetch(json(200, fees));
    const { request } = createApiClient({ fetch, base: '/api' });
    await expect(request(AppointmentFeeList, '/appointmentfee/all')).resolves.toEqual(right(fees));
  });

  it('sends to the base, with the method, JSON body, bearer token and signal', async () => {
    const fetch = fakeFetch(json(200, { message: 'ok' }));
    const { request } = createApiClient({ fetch, base: 'https://clinic.example/api/' });
    const signal = new AbortController().signal;
    await request(t.type({ message: t.string }), '/auth/login', {
      method: 'POST',
      body: { email: 'a@b.in', password: 'secret-pass' },
      token: 'tok',
      signal,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://clinic.example/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.in","password":"secret-pass"}');
    expect(init?.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok',
    });
    expect(init?.signal).toBe(signal);
  });

  it('sends a GET with no body, no content type and no token by default', async () => {
    const fetch = fakeFetch(json(200, []));
    await createApiClient({ fetch, base: '/api' }).request(t.array(t.string), 'super/locations');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/super/locations');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({ Accept: 'application/json' });
  });

  it('gives a DecodeFailure naming the field when a 200 answer has the wrong shape', async () => {
    const fetch = fakeFetch(json(200, { data: [{ consultationType: 'Chat', consultationFee: 'free' }] }));
    const result = await createApiClient({ fetch }).request(AppointmentFeeList, '/appointmentfee/all');
    expect(result._tag).toBe('Left');
    const failure = (result as { left: ApiFailure }).left;
    expect(failure._tag).toBe('DecodeFailure');
    if (failure._tag !== 'DecodeFailure') return;
    expect(failure.errors).toEqual([{ field: 'data.0.consultationFee', message: expect.stringMatching(/rupees/) }]);
    expect(failure.message).toContain('data.0.consultationFee');
  });

  it('gives a DecodeFailure when a 200 answer is not JSON', async () => {
    const fetch = fakeFetch(new Response('<html>hello</html>', { status: 200 }));
    const result = await createApiClient({ fetch }).request(AppointmentFeeList, '/appointmentfee/all');
    expect(result).toEqual(left({ _tag: 'DecodeFailure', message: '(body) is not JSON', errors: [{ field: '(body)', message: 'is not JSON' }] }));
  });

  it('carries the message and field errors of a 400 answer', async () => {
    const body = { message: 'Please check the form.', errors: [{ field: 'email', message: 'must be an email address like name@example.com' }] };
    const fetch = fakeFetch(json(400, body));
    const result = await createApiClient({ fetch }).request(t.unknown, '/auth/register', { method: 'POST', body: {} });
    expect(result).toEqual(left({ _tag: 'HttpFailure', status: 400, message: body.message, errors: body.errors }));
  });

  it('carries the message of an error answer without field errors', async () => {
    const fetch = fakeFetch(json(404, { message: 'No doctor with that email.' }));
    const result = await createApiClient({ fetch }).request(t.unknown, '/doctor/getdoctoremail/x%40y.in');
    expect(result).toEqual(left({ _tag: 'HttpFailure', status: 404, message: 'No doctor with that email.' }));
  });

  it('carries the code of a refusal, and the whole body when it says more than the error shape', async () => {
    const plain = await createApiClient({ fetch: fakeFetch(json(404, { message: 'Doctor not found.', code: 'doctor.notFound' })) }).request(t.unknown, '/x');
    expect(plain).toEqual(left({ _tag: 'HttpFailure', status: 404, message: 'Doctor not found.', code: 'doctor.notFound' }));
    const notYet = { message: 'The consultation can be completed from 10:50, 10 minutes before it starts.', code: 'completionNotOpen', params: { time: '10:50', minutes: 10 }, opensAt: '2026-01-01T05:20:00.000Z' };
    const rich = await createApiClient({ fetch: fakeFetch(json(409, notYet)) }).request(t.unknown, '/x');
    expect(rich).toEqual(left({ _tag: 'HttpFailure', status: 409, message: notYet.message, code: 'completionNotOpen', params: notYet.params, body: notYet }));
  });

  it('gives a generic HttpFailure for a 500 with an HTML body', async () => {
    const fetch = fakeFetch(new Response('<html><body>Bad gateway</body></html>', { status: 500, headers: { 'Content-Type': 'text/html' } }));
    const result = await createApiClient({ fetch }).request(t.unknown, '/super/events');
    expect(result).toEqual(left({ _tag: 'HttpFailure', status: 500, message: 'The server answered with status 500.', generic: true }));
  });

  it('gives a NetworkFailure when no answer arrives', async () => {
    const offline = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const result = await createApiClient({ fetch: offline }).request(t.unknown, '/super/events');
    expect(result).toEqual(left({ _tag: 'NetworkFailure', message: 'Failed to fetch' }));
  });

  it('gives a NetworkFailure when the body breaks off', async () => {
    const broken = new Response(new ReadableStream({ start: (c) => c.error(new Error('connection reset')) }), { status: 200 });
    const result = await createApiClient({ fetch: fakeFetch(broken) }).request(t.unknown, '/super/events');
    expect(result).toEqual(left({ _tag: 'NetworkFailure', message: 'connection reset' }));
  });

  describe('when the signal aborts', () => {
    /** A fetch that waits until aborted, as the platform's does. */
    const hangingFetch = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    );

    it('rejects with the abort reason instead of resolving to a failure', async () => {
      const controller = new AbortController();
      const pending = createApiClient({ fetch: hangingFetch }).request(t.unknown, '/super/events', { signal: controller.signal });
      controller.abort();
      const error = await pending.then(
        () => 'resolved',
        (e: unknown) => e,
      );
      expect(isAbortError(error)).toBe(true);
      expect(error).toBe(controller.signal.reason);
    });

    it('rejects even if the answer had already arrived', async () => {
      const controller = new AbortController();
      const fetch = fakeFetch(async () => {
        controller.abort(); // the caller gave up while the body was on its way
        return json(200, fees);
      });
      await expect(createApiClient({ fetch }).request(AppointmentFeeList, '/x', { signal: controller.signal })).rejects.toBe(
        controller.signal.reason,
      );
    });

    it('treats a timeout signal as a NetworkFailure, since the person waited', async () => {
      const controller = new AbortController();
      const pending = createApiClient({ fetch: hangingFetch }).request(t.unknown, '/super/events', { signal: controller.signal });
      controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
      await expect(pending).resolves.toEqual(left({ _tag: 'NetworkFailure', message: 'The server took too long to answer.' }));
    });
  });
});

describe('the default client', () => {
  it("uses the platform's fetch and the /api base", async () => {
    const fetch = fakeFetch(json(200, ['Andheri West']));
    vi.stubGlobal('fetch', fetch);
    try {
      await expect(defaultRequest(t.array(t.string), '/super/locations')).resolves.toEqual(right(['Andheri West']));
      expect(fetch.mock.calls[0]?.[0]).toBe('/api/super/locations');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('failureMessage', () => {
  it("uses the server's message for an HTTP failure", () => {
    expect(failureMessage({ _tag: 'HttpFailure', status: 409, message: 'This slot was just booked.' }, 'Something went wrong.')).toBe(
      'This slot was just booked.',
    );
  });

  it('uses the fallback when the server sent no message of its own', () => {
    const generic: ApiFailure = { _tag: 'HttpFailure', status: 502, message: 'The server answered with status 502.', generic: true };
    expect(failureMessage(generic, 'Something went wrong.')).toBe('Something went wrong.');
    expect(failureMessage({ _tag: 'HttpFailure', status: 400, message: '  ' }, 'Fallback')).toBe('Fallback');
  });

  it('uses the fallback for network and decode failures', () => {
    expect(failureMessage({ _tag: 'NetworkFailure', message: 'Failed to fetch' }, 'Something went wrong.')).toBe('Something went wrong.');
    expect(failureMessage({ _tag: 'DecodeFailure', message: 'x is required', errors: [] }, 'Something went wrong.')).toBe(
      'Something went wrong.',
    );
  });
});

describe("the server's words in the language in use", () => {
  it('a refusal the Marathi catalog knows is received in Marathi, by its code; a spec message stays English; English again after', async () => {
    const { loadLanguage } = await import('../../src/i18n/catalogs.js');
    const refusal = (message: string, code: string) =>
      createApiClient({ fetch: fakeFetch(json(400, { message, code })), base: '/api' }).request(t.unknown, '/appointment/add');
    try {
      await loadLanguage('mr');
      const mr = await refusal('Please choose a date from today on.', 'booking.pastDate');
      expect(mr).toEqual(left({ _tag: 'HttpFailure', status: 400, message: 'कृपया आजची किंवा पुढची तारीख निवडा.', code: 'booking.pastDate' }));
      expect(await refusal('This slot is already booked', 'booking.slotTaken')).toEqual(
        left({ _tag: 'HttpFailure', status: 400, message: 'This slot is already booked', code: 'booking.slotTaken' }),
      );
      // The words come from the code, not from matching the English.
      expect(await refusal('Please choose a date from today on.', 'request.invalid')).toEqual(
        left({ _tag: 'HttpFailure', status: 400, message: 'Please choose a date from today on.', code: 'request.invalid' }),
      );
    } finally {
      await loadLanguage('en');
    }
    expect(await refusal('Please choose a date from today on.', 'booking.pastDate')).toEqual(
      left({ _tag: 'HttpFailure', status: 400, message: 'Please choose a date from today on.', code: 'booking.pastDate' }),
    );
  });

  it("puts a message's values in the catalog's words, and keeps them on the failure", async () => {
    const { loadLanguage } = await import('../../src/i18n/catalogs.js');
    const english = 'Too many failed logins from your network. Please try again in 7 minutes.';
    const body = { message: english, code: 'account.tooManyFailuresForClient', params: { minutes: 7 } };
    const request = () => createApiClient({ fetch: fakeFetch(json(429, body)), base: '/api' }).request(t.unknown, '/auth/login');
    try {
      await loadLanguage('hi');
      const result = await request();
      const failure = (result as { left: HttpFailure }).left;
      expect(failure).toMatchObject({ _tag: 'HttpFailure', status: 429, code: 'account.tooManyFailuresForClient', params: { minutes: 7 } });
      expect(failure.message).toMatch(/[\u0900-\u097F]/);
      expect(failure.message).toContain('7');
      expect(failure.body).toBeUndefined();
    } finally {
      await loadLanguage('en');
    }
    expect(await request()).toEqual(left({ _tag: 'HttpFailure', status: 429, message: english, code: 'account.tooManyFailuresForClient', params: { minutes: 7 } }));
  });

  it('says a field named with the refusal\'s own sentence as the message; other field words stay as they came', async () => {
    const { loadLanguage } = await import('../../src/i18n/catalogs.js');
    const words = 'You have sent as many photos today as the clinic can take. Please send more tomorrow, or describe them in words.';
    const body = {
      message: words,
      code: 'chat.photosPerDay',
      errors: [
        { field: 'photo', message: words },
        { field: 'text', message: 'is required' },
      ],
    };
    try {
      await loadLanguage('mr');
      const result = await createApiClient({ fetch: fakeFetch(json(400, body)), base: '/api' }).request(t.unknown, '/chat/x/photo');
      const failure = (result as { left: HttpFailure }).left;
      expect(failure.errors?.[0]?.message).toBe(failure.message);
      expect(failure.message).toMatch(/[\u0900-\u097F]/);
      expect(failure.errors?.[1]).toEqual({ field: 'text', message: 'is required' });
    } finally {
      await loadLanguage('en');
    }
  });
});
