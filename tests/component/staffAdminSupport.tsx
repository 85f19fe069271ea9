/**
 * Helpers for the admin screens' component tests: a fake fetch answering each admin call from a
 * route table (so the screens run through the real API module and machines), and one section
 * rendered for a signed-in admin with the toasts.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createStaffAdminApi } from '../../src/api/staffAdmin';
import { ToastRegion } from '../../src/ui/ToastRegion';
import { AdminServicesProvider } from '../../src/staff/admin/services';
import { StaffContext, type StaffCaller } from '../../src/staff/StaffContext';

export type Answer = { status: number; body: unknown };
/** `METHOD /path` (query included) to an answer, or a function of the request body. */
export type Routes = Record<string, Answer | ((body: unknown) => Answer)>;

export function fakeFetch(routes: Routes) {
  return vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input).replace(/^\/api/, '');
    const key = `${init?.method ?? 'GET'} ${url}`;
    const route = routes[key];
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = typeof route === 'function' ? route(body) : (route ?? { status: 404, body: { message: `No fake for ${key}` } });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
}

/** The bodies sent to one route, in order. */
export function sentTo(fetch: ReturnType<typeof fakeFetch>, key: string): unknown[] {
  return fetch.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input).replace(/^\/api/, '')}` === key)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

export const admin: StaffCaller = {
  me: { _id: 'u-admin', email: 'admin@clinic.example', firstName: 'Neha', lastName: 'Admin', role: 'admin', doctorName: null },
  token: 'tok-admin',
};

/** 10 March 2025, 10:00 in clinic time. */
export const now = Date.parse('2025-03-10T04:30:00.000Z');

export function renderSection(section: ReactNode, routes: Routes, caller: StaffCaller = admin) {
  const fetch = fakeFetch(routes);
  const api = createStaffAdminApi({ fetch, base: '/api' });
  render(
    <StaffContext.Provider value={caller}>
      <AdminServicesProvider services={{ api, now: () => now }}>{section}</AdminServicesProvider>
      <ToastRegion />
    </StaffContext.Provider>,
  );
  return { fetch };
}

export async function expectToast(text: string | RegExp, role: 'status' | 'alert') {
  await waitFor(() => expect(within(screen.getByRole(role)).getByText(text)).toBeTruthy());
}

import { expect } from 'vitest';
