import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client.js';
import { createSiteApi } from '../../src/api/site.js';

const driveId = '1AbCdEfGhIjKlMn';
const answers: Record<string, unknown> = {
  '/api/super/events': [
    {
      _id: 'e1',
      image: `https://drive.google.com/file/d/${driveId}/view?usp=sharing`,
      video: `https://drive.google.com/file/d/${driveId}/view`,
      caption: 'Free skin camp',
    },
  ],
  '/api/super/teams': [
    { _id: 't1', image: '/media/team/anita.webp', name: 'Dr Anita Rao', role: 'Homeopath', description: 'Skin and hair.' },
  ],
  '/api/super/testimonials': [
    { _id: 's1', image: `https://drive.google.com/open?id=${driveId}`, name: 'Meera', subject: 'Eczema', description: 'Better.' },
  ],
  '/api/super/locations': ['Andheri West', 'Bandra'],
};

/** A fetch that serves `answers` by URL, with overrides for some URLs. */
function serverFetch(overrides: Record<string, Response> = {}) {
  return vi.fn<typeof fetch>(async (url) => {
    const key = String(url);
    if (overrides[key]) return overrides[key];
    if (key in answers) return new Response(JSON.stringify(answers[key]), { status: 200 });
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
  });
}

describe('loadSiteOptions', () => {
  it('fetches the four lists side by side and makes every media link displayable', async () => {
    const fetch = serverFetch();
    const { loadSiteOptions } = createSiteApi(createApiClient({ fetch, base: '/api' }));
    const options = await loadSiteOptions(new AbortController().signal);

    expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual(Object.keys(answers).sort());
    expect(options.locations).toEqual(['Andheri West', 'Bandra']);
    expect(options.events[0]).toEqual({
      _id: 'e1',
      image: `https://drive.google.com/thumbnail?id=${driveId}&sz=w2000`,
      video: `https://drive.google.com/file/d/${driveId}/preview`,
      caption: 'Free skin camp',
    });
    expect(options.teams[0]?.image).toBe('/media/team/anita.webp');
    expect(options.testimonials[0]?.image).toBe(`https://drive.google.com/thumbnail?id=${driveId}&sz=w2000`);
  });

  it('passes the signal to every request', async () => {
    const fetch = serverFetch();
    const signal = new AbortController().signal;
    await createSiteApi(createApiClient({ fetch, base: '/api' })).loadSiteOptions(signal);
    expect(fetch.mock.calls.map(([, init]) => init?.signal)).toEqual([signal, signal, signal, signal]);
  });

  it('rejects with the ApiFailure of a list that failed', async () => {
    const fetch = serverFetch({
      '/api/super/testimonials': new Response(JSON.stringify({ message: 'Database unavailable' }), { status: 503 }),
    });
    const { loadSiteOptions } = createSiteApi(createApiClient({ fetch, base: '/api' }));
    await expect(loadSiteOptions(new AbortController().signal)).rejects.toEqual({
      _tag: 'HttpFailure',
      status: 503,
      message: 'Database unavailable',
    });
  });

  it('rejects with a DecodeFailure when a list has the wrong shape', async () => {
    const fetch = serverFetch({ '/api/super/locations': new Response(JSON.stringify([1, 2]), { status: 200 }) });
    const { loadSiteOptions } = createSiteApi(createApiClient({ fetch, base: '/api' }));
    await expect(loadSiteOptions(new AbortController().signal)).rejects.toMatchObject({
      _tag: 'DecodeFailure',
      errors: [{ field: '0' }, { field: '1' }],
    });
  });
});

describe('doctors and fees', () => {
  const doctor = {
    _id: 'd1',
    name: 'Dr Kavita Shah',
    email: 'kavita@clinic.example',
    type: 'online',
    locations: ['Bandra'],
    qualification: 'BHMS',
  };

  it('fetches the doctor list, one doctor by email (escaped in the path) and the fees', async () => {
    const server = vi.fn<typeof fetch>(async (url) => {
      const body =
        url === '/api/doctor/getall'
          ? [doctor]
          : url === '/api/doctor/getdoctoremail/kavita%40clinic.example'
            ? doctor
            : url === '/api/appointmentfee/all'
              ? { data: [{ consultationType: 'Video', consultationFee: 500 }] }
              : { message: 'Not found' };
      return new Response(JSON.stringify(body), { status: 'message' in body ? 404 : 200 });
    });
    const api = createSiteApi(createApiClient({ fetch: server, base: '/api' }));

    const doctors = await api.fetchDoctors();
    const one = await api.fetchDoctorByEmail('kavita@clinic.example');
    const fees = await api.fetchFees();
    expect(isRight(doctors) && doctors.right).toEqual([doctor]);
    expect(isRight(one) && one.right).toEqual(doctor);
    expect(isRight(fees) && fees.right).toEqual({ data: [{ consultationType: 'Video', consultationFee: 500 }] });
  });

  it('returns a Left for a doctor the server does not know', async () => {
    const notFound = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ message: 'No doctor with that email.' }), { status: 404 }));
    const result = await createSiteApi(createApiClient({ fetch: notFound, base: '/api' })).fetchDoctorByEmail('who@clinic.example');
    expect(isLeft(result) && result.left).toEqual({ _tag: 'HttpFailure', status: 404, message: 'No doctor with that email.' });
  });

  it('fetches the help contacts the server is configured with', async () => {
    const contacts = { chatNumber: '+91 98220 12345', callNumber: '+91 20 4000 1234', email: 'care@sahaj-clinic.example' };
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(JSON.stringify(contacts), { status: 200 }));
    const result = await createSiteApi(createApiClient({ fetch, base: '/api' })).fetchHelpContacts();
    expect(isRight(result) && result.right).toEqual(contacts);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/site/contacts');
  });

  it('refuses help contacts whose email is not an address', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () => new Response(JSON.stringify({ chatNumber: '1', callNumber: '2', email: 'nobody' }), { status: 200 }),
    );
    const result = await createSiteApi(createApiClient({ fetch, base: '/api' })).fetchHelpContacts();
    expect(isLeft(result) && result.left).toMatchObject({ _tag: 'DecodeFailure', errors: [{ field: 'email' }] });
  });
});
