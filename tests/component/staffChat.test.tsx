/**
 * The doctor's side of the chat, in the rendered staff console with fake calls: a Chat
 * appointment's page shows the conversation unfolded under "Chat with the patient", the patient's
 * messages under the patient's name, the doctor's own as "You"; the doctor sends a text and sees
 * what the patient writes on the stream, marked read while shown. Today's list counts the unread
 * messages on the appointment's row, and says nothing when there are none.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { ChatConversation, ChatMessage } from '../../contract/chat';
import type { ChatEvent } from '../../machines/chat/events';
import type { ChatServices } from '../../src/components/Chat/services';
import { detailOf, doctorMe, staffAppointment } from '../machines/staffConsoleFakes';
import { fakeStaff, renderConsole } from './staffSupport';
import { answer } from './support';

const paidFee = {
  merchantOrderId: 'M-9',
  provider: 'sandbox',
  purpose: 'appointment' as const,
  amount: 450,
  status: 'paid' as const,
  createdAt: '2025-03-09T05:00:00.000Z',
  settledAt: '2025-03-09T05:01:00.000Z',
};

const message = (id: number, from: ChatMessage['from'], text: string): ChatMessage => ({
  id: String(id),
  from,
  text,
  photo: null,
  at: new Date(Date.now() - 60_000).toISOString(),
});

/** Chat calls answered at once, the stream driven by the test. */
function fakeChat(conversation: ChatConversation) {
  const streams: Array<(event: ChatEvent) => void> = [];
  const postText = vi.fn(async ({ text }: { appointmentId: string; text: string; clientId: string; token: string }) => message(50, 'doctor', text));
  const markRead = vi.fn(async (_input: { appointmentId: string; upTo: string; token: string }) => ({ unread: 0 }));
  const services: ChatServices = {
    actors: {
      loadChat: fromPromise(async () => conversation),
      postText: fromPromise(({ input }) => postText(input)),
      postPhoto: fromPromise<ChatMessage, { appointmentId: string; photo: Blob; token: string }>(async () => {
        throw new Error('no photo in this test');
      }),
      markRead: fromPromise(({ input }) => markRead(input)),
      stream: fromCallback<ChatEvent, { appointmentId: string; token: string; after: string }>(({ sendBack }) => {
        streams.push(sendBack);
        return () => undefined;
      }),
    },
    loadPhoto: async () => new Blob(['jpeg'], { type: 'image/jpeg' }),
  };
  return { services, streams, postText, markRead };
}

describe("the doctor's chat in the console", () => {
  it("shows the conversation unfolded with the patient's name, sends a text and reads what arrives", async () => {
    const record = staffAppointment({ appointmentId: 'APT-C1', consultationType: 'Chat', firstName: 'Asha', lastName: 'Verma' });
    const chat = fakeChat({
      appointmentId: record._id,
      as: 'doctor',
      state: 'open',
      canWrite: true,
      opensAt: new Date(Date.now() - 600_000).toISOString(),
      followUpUntil: null,
      doctorName: 'Dr. Meera Kulkarni',
      messages: [message(40, 'patient', 'The rash is worse today'), message(41, 'doctor', 'Since when?')],
      unread: 1,
    });
    const fake = fakeStaff();
    const services = { ...fake.services, chat: chat.services };
    await renderConsole({ path: `/staff/appointments/${record._id}`, fake: { ...fake, services }, me: doctorMe });
    await answer(() => fake.loadAppointment.latest().resolve(detailOf(record, [paidFee])));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Chat with the patient' });
    const panel = heading.closest('section, div.staff-card') as HTMLElement;
    // Not folded behind a button: the doctor is here for the conversation.
    expect(within(panel).queryByRole('button', { name: /Open the chat/ })).toBeNull();
    const log = await within(panel).findByRole('log', { name: 'Messages' });
    await within(log).findByText('The rash is worse today');
    const items = within(log).getAllByRole('listitem');
    expect(items.map((li) => li.className)).toEqual(['chat__message chat__message--other', 'chat__message chat__message--own']);
    expect(items[0]!.textContent).toContain('Asha Verma');
    expect(items[1]!.textContent).toMatch(/^You /);
    // Shown, so the patient's message is marked read.
    await vi.waitFor(() => expect(chat.markRead).toHaveBeenCalledWith({ appointmentId: record._id, upTo: '40', token: 'tok-stored' }));

    const user = userEvent.setup();
    await user.type(within(panel).getByLabelText('Your message'), 'Apply nothing for now');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(chat.postText).toHaveBeenCalledWith({ appointmentId: record._id, text: 'Apply nothing for now', clientId: expect.any(String), token: 'tok-stored' });
    await within(log).findByText('Apply nothing for now');

    await vi.waitFor(() => expect(chat.streams.length).toBeGreaterThan(0));
    act(() => chat.streams.at(-1)!({ type: 'stream.message', message: message(51, 'patient', 'OK, thank you') }));
    await within(log).findByText('OK, thank you');
    await vi.waitFor(() => expect(chat.markRead).toHaveBeenLastCalledWith({ appointmentId: record._id, upTo: '51', token: 'tok-stored' }));
  });

  it("today's list counts a Chat appointment's unread messages on its row, and says nothing without any", async () => {
    const { fake } = await renderConsole({ me: doctorMe });
    const waiting = { ...staffAppointment({ startTime: '09:00', consultationType: 'Chat', firstName: 'Ravi', lastName: 'Kumar' }), unreadMessages: 2 };
    const quiet = { ...staffAppointment({ startTime: '10:00', consultationType: 'Chat' }), unreadMessages: 0 };
    await answer(() => fake.loadAppointments.latest().resolve([waiting, quiet]));
    const rows = within(screen.getByRole('list', { name: 'Appointments' })).getAllByRole('article');
    const facts = (row: HTMLElement) => Object.fromEntries(within(row).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts(rows[0]!)).toMatchObject({ Type: 'Chat', Chat: '2 unread messages' });
    expect(facts(rows[1]!)).not.toHaveProperty('Chat');
  });
});
