/**
 * The waiting room's display and the patient's place line, with a hand-driven stream: the
 * display shows per doctor the token called and its room and the next tokens with their initials,
 * its labels in English, Hindi and Marathi together; a lost connection says so and keeps the last
 * queue on screen, marked stale until a snapshot comes again; a revoked link says so and shows no
 * queue. The place line says "2 before you, about 30 minutes" in the page's language, then the
 * room once called; nothing before check-in.
 */
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { DisplaySnapshot, QueuePlace } from '../../contract/display';
import type { QueueDisplayEvent } from '../../machines/queueDisplay/context';
import type { QueuePlaceEvent } from '../../machines/queuePlace/context';
import { QueuePlaceLine } from '../../src/components/Appointments/QueuePlaceLine';
import { Display } from '../../src/display/DisplayPage';
import { chooseLanguage } from '../../src/i18n/languageChoice';

const key = 'k'.repeat(43);
const queue: DisplaySnapshot = {
  location: 'Aundh',
  date: '2025-03-11' as DisplaySnapshot['date'],
  doctors: [
    {
      doctorId: 'd1',
      doctorName: 'Dr. Meera Kulkarni',
      called: { token: 'T3', initial: 'R', room: 'Room 2' },
      next: [
        { token: 'T5', initial: 'श' },
        { token: 'T4', initial: 'A' },
      ],
      waiting: 2,
    },
    { doctorId: 'd2', doctorName: 'Dr. Sneha Joshi', called: null, next: [], waiting: 0 },
    { doctorId: 'd3', doctorName: 'Dr. Farhan Shaikh', called: null, next: [{ token: 'T1', initial: 'K' }], waiting: 1 },
  ],
};

function displayed() {
  const sends: Array<(event: QueueDisplayEvent) => void> = [];
  const stream = fromCallback<QueueDisplayEvent, { key: string }>(({ sendBack, input }) => {
    expect(input.key).toBe(key);
    sends.push(sendBack);
  });
  render(<Display displayKey={key} stream={stream} />);
  return { send: (event: QueueDisplayEvent) => act(() => sends.at(-1)!(event)), streams: () => sends.length };
}

describe('the waiting room display', () => {
  it('shows who is called to which room and who is next, labelled in three languages', async () => {
    const { send } = displayed();
    expect(screen.getByRole('status').textContent).toContain('Connecting…');
    send({ type: 'stream.snapshot', snapshot: queue });
    const meera = screen.getByRole('region', { name: 'Dr. Meera Kulkarni' });
    expect(within(meera).getByText('T3').closest('p')?.textContent).toContain('T3R→ Room 2');
    expect(within(meera).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['T5श', 'T4A']);
    for (const words of ['Now', 'अभी', 'आता', 'Next', 'अगले', 'पुढील', '2 waiting', '2 इंतज़ार में', '2 प्रतीक्षेत']) expect(within(meera).getByText(words)).toBeTruthy();
    expect(within(meera).getByText('अभी').getAttribute('lang')).toBe('hi');
    const sneha = screen.getByRole('region', { name: 'Dr. Sneha Joshi' });
    // Working here today with nobody in the queue: shown, saying so, rather than left out.
    for (const words of ['No one waiting', 'कोई इंतज़ार में नहीं', 'कोणीही प्रतीक्षेत नाही']) expect(within(sneha).getByText(words)).toBeTruthy();
    expect(within(sneha).queryByText('Now')).toBeNull();
    const farhan = screen.getByRole('region', { name: 'Dr. Farhan Shaikh' });
    expect(within(farhan).getByText('Please wait')).toBeTruthy();
    expect(screen.getByText('Aundh')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps the last queue when the connection drops, says it is stale, and catches up', () => {
    // The pause before connecting again runs on the fake clock: no waiting.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      caughtUp();
    } finally {
      vi.useRealTimers();
    }
  });

  function caughtUp() {
    const { send, streams } = displayed();
    send({ type: 'stream.snapshot', snapshot: queue });
    send({ type: 'stream.dropped' });
    expect(screen.getByRole('status').textContent).toContain('Connection lost: showing the last known queue');
    expect(screen.getByRole('status').textContent).toContain('कनेक्शन टूट गया');
    expect(screen.getByRole('region', { name: 'Dr. Meera Kulkarni' }).textContent).toContain('T3');
    // Not a moment before the pause is over; then it connects again, still stale until a snapshot comes on the new stream.
    act(() => vi.advanceTimersByTime(2999));
    expect(streams()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(streams()).toBe(2);
    expect(screen.getByRole('status').textContent).toContain('Connection lost');
    const next = { ...queue, doctors: [{ ...queue.doctors[0]!, called: { token: 'T5', initial: 'श', room: 'Room 1' }, next: [], waiting: 0 }] };
    send({ type: 'stream.snapshot', snapshot: next });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('region', { name: 'Dr. Meera Kulkarni' }).textContent).toContain('T5श→ Room 1');
  }

  it('says a revoked link is not valid and shows no queue any more', () => {
    const { send } = displayed();
    send({ type: 'stream.snapshot', snapshot: queue });
    send({ type: 'stream.revoked' });
    expect(screen.getByRole('alert').textContent).toContain('This display link is not valid any more. Ask the clinic for a new one.');
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe("the patient's place on My Appointment", () => {
  afterEach(() => act(() => chooseLanguage('en')));

  function placed(first: QueuePlace) {
    const sends: Array<(event: QueuePlaceEvent) => void> = [];
    const actors = {
      loadPlace: fromPromise<QueuePlace, { appointmentId: string; token: string }>(async () => first),
      stream: fromCallback<QueuePlaceEvent, { appointmentId: string; token: string }>(({ sendBack }) => {
        sends.push(sendBack);
      }),
    };
    const view = render(<QueuePlaceLine appointmentId="a1" token="tok" actors={actors} />);
    return { view, send: (event: QueuePlaceEvent) => act(() => sends.at(-1)!(event)) };
  }

  it('says how many are before and about how long, then where to go once called', async () => {
    const { send } = placed({ status: 'waiting', token: 'T7', before: 2, minutes: 30 });
    expect((await screen.findByRole('status')).textContent).toContain('Your token: T7 2 before you, about 30 minutes');
    send({ type: 'stream.place', place: { status: 'waiting', token: 'T7', before: 0, minutes: 0 } });
    expect(screen.getByRole('status').textContent).toContain('You are next');
    send({ type: 'stream.place', place: { status: 'called', token: 'T7', room: 'Room 2' } });
    expect(screen.getByRole('status').textContent).toContain('Please go to Room 2');
  });

  it("in the page's language, and nothing before check-in", async () => {
    await act(() => chooseLanguage('hi'));
    const { send } = placed({ status: 'waiting', token: 'T7', before: 2, minutes: 30 });
    expect((await screen.findByRole('status')).textContent).toContain('आपका टोकन: T7 आपसे पहले 2, लगभग 30 मिनट');
    send({ type: 'stream.place', place: { status: 'called', token: 'T7', room: 'Room 2' } });
    expect(screen.getByRole('status').textContent).toContain('कृपया Room 2 में जाएँ');
    const { view } = placed({ status: 'notCheckedIn' });
    await act(async () => undefined);
    expect(within(view.container).queryByRole('status')).toBeNull();
  });
});
