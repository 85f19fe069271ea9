/**
 * The owner's view (src/staff/insights) in jsdom with its call answered by hand: the summary's
 * table against the previous period, a filter change asks again with the new query, a doctor gets
 * no doctor choice, and the section speaks Hindi and Marathi with Intl's Latin digits. The charts
 * (uPlot draws on a canvas, which jsdom has not) are drawn by a ChartDrawing that draws nothing:
 * each is its box, named, with the table beside it.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import type { InsightsAnswer } from '../../contract/insights';
import type { InsightsFilter } from '../../machines/insights/insightsMachine';
import { chooseLanguage } from '../../src/i18n/languageChoice';
import { ChartDrawing, type DrawChart } from '../../src/staff/insights/Chart';
import InsightsSection from '../../src/staff/insights/InsightsSection';
import { StaffContext, type StaffCaller } from '../../src/staff/StaffContext';

/** Draws nothing (jsdom has no canvas): the chart is its named box. */
const drawNothing: DrawChart = () => () => undefined;

const admin: StaffCaller = { me: { _id: 'u-admin', email: 'admin@clinic.example', firstName: 'Neha', lastName: 'Admin', role: 'admin', doctorName: null }, token: 'tok-admin' };
const doctor: StaffCaller = { me: { _id: 'u-doc', email: 'meera@clinic.example', firstName: 'Meera', lastName: 'K', role: 'doctor', doctorName: 'Dr. Meera' }, token: 'tok-doc' };

const counts = (booked: number) => ({ booked, completed: booked - 1, cancelled: 1, noShows: 0, open: 0 });
const summary = (from: string, to: string, booked: number, fees: number) => ({
  from, to, consultations: counts(booked), revenue: { fees, pharmacy: 0, refunds: 0, net: fees }, channels: { online: booked, desk: 0, walkin: 0 },
  patients: { seen: booked, new: booked, returning: 0 }, leadTime: { medianDays: 2, meanDays: 2.5, bands: { sameDay: 0, upTo2: booked, upTo7: 0, upTo14: 0, upTo30: 0, over30: 0 } },
});
const answerOf = (q: InsightsFilter, booked: number) =>
  ({
    grain: q.grain, doctorId: q.doctorId || null, locationId: q.locationId || null, type: null,
    current: summary(q.from, q.to, booked, booked * 500), previous: summary('2025-02-01', '2025-02-28', 4, 2000),
    revenueByMode: [{ mode: 'online', fees: booked * 500, pharmacy: 0, refunds: 0, net: booked * 500 }],
    series: [{ start: q.from, booked, completed: booked - 1, cancelled: 1, noShows: 0, received: booked * 500, refunds: 0 }],
    byLocation: [{ id: 'loc-1', name: 'Aundh', ...counts(booked) }], byDoctor: [{ id: 'doc-1', name: 'Dr. Meera', ...counts(booked) }], byType: [{ id: 'Video', name: 'Video', ...counts(booked) }],
    utilisation: [{ doctorId: 'doc-1', name: 'Dr. Meera', availableMinutes: 1200, bookedMinutes: 300, share: 0.25 }],
    choices: { locations: [{ id: 'loc-1', name: 'Aundh' }], doctors: [{ id: 'doc-1', name: 'Dr. Meera' }] },
  }) as unknown as InsightsAnswer;

function renderInsights(caller: StaffCaller) {
  const asked: InsightsFilter[] = [];
  const load = fromPromise<InsightsAnswer, { query: InsightsFilter; token: string }>(async ({ input }) => {
    asked.push(input.query);
    return answerOf(input.query, input.query.locationId ? 3 : 6);
  });
  render(
    <StaffContext.Provider value={caller}>
      <ChartDrawing.Provider value={drawNothing}>
        <InsightsSection load={load as never} />
      </ChartDrawing.Provider>
    </StaffContext.Provider>,
  );
  return asked;
}

const row = (name: string) => within(screen.getByRole('region', { name: 'Summary' })).getByRole('row', { name: new RegExp(`^${name} `) });

describe('the Insights section', () => {
  afterEach(async () => {
    await act(() => chooseLanguage('en', { remember: false }));
  });

  it("shows this month's figures against the previous period, each chart with its table, and asks again on a filter", async () => {
    const user = userEvent.setup();
    const asked = renderInsights(admin);
    await waitFor(() => expect(row('Booked').textContent).toContain('6'));
    expect(within(row('Booked')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['6', '4', '+50%']);
    expect(within(row('Fees')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['₹3,000.00', '₹2,000.00', '+50%']);
    expect(screen.getByRole('img', { name: /^Chart: Revenue by payment mode\./ })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: "Utilisation of each doctor's hours" })).getByRole('row', { name: /Dr. Meera/ }).textContent).toContain('25%');
    expect(asked[0]).toMatchObject({ grain: 'day', locationId: '', doctorId: '' });

    await user.selectOptions(screen.getByLabelText('Location'), 'Aundh');
    await waitFor(() => expect(within(row('Booked')).getAllByRole('cell')[0]!.textContent).toBe('3'));
    expect(asked.at(-1)).toMatchObject({ locationId: 'loc-1' });
    await user.selectOptions(screen.getByLabelText('Group by'), 'Week');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ grain: 'week', locationId: 'loc-1' }));
  });

  it('gives a doctor no doctor choice and says the figures are their own', async () => {
    renderInsights(doctor);
    await waitFor(() => expect(row('Booked')).toBeTruthy());
    expect(screen.queryByLabelText('Doctor')).toBeNull();
    expect(screen.getByText('Your own consultations and fees only.')).toBeTruthy();
  });

  it('speaks Hindi and Marathi, with Latin digits', async () => {
    await act(() => chooseLanguage('hi', { remember: false }));
    renderInsights(admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'आँकड़े' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('region', { name: 'सारांश' }).textContent).toContain('₹3,000.00'));
    await act(() => chooseLanguage('mr', { remember: false }));
    expect(await screen.findByRole('heading', { level: 1, name: 'आकडेवारी' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'सारांश' }).textContent).toContain('+50%');
  });
});
