/**
 * The chat panel with its calls faked and a hand-driven stream: own and the other
 * party's messages in a labelled polite log; a text sent (the box emptied) or refused on its
 * field; a message arriving on the stream; the unread badge while folded, read marks once
 * unfolded; a photo sent, refused on its field (focused, described), shown through an object URL
 * revoked when the panel goes; when it opens; reconnecting; follow-up, read-only, closed; Try again
 * after a failed load, a 401 too (the request base, not the panel, ends the session).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { ChatConversation, ChatMessage } from '../../contract/chat';
import type { ChatOutboxItem } from '../../machines/chat/context';
import type { ChatEvent } from '../../machines/chat/events';
import type { ChatOutboxStore } from '../../src/pwa/chatOutbox';
import { httpFailureOfText } from '../../src/api/client';
import { ChatPanel } from '../../src/components/Chat/ChatPanel';
import type { ChatServices } from '../../src/components/Chat/services';
import { loadCatalog } from '../../src/i18n/catalogs';
import { en, setCatalog } from '../../src/i18n/messages';

const appointmentId = '3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c';
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
/** The clinic's wall-clock "HH:MM" of an instant (24-hour, as every time on the patient's side). */
const clinicHHMM = (iso: string) => new Date(Date.parse(iso) + 5.5 * 3_600_000).toISOString().slice(11, 16);

let nextId = 10;
const msg = (from: ChatMessage['from'], text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: String(nextId++),
  from,
  text,
  photo: null,
  at: at(1),
  ...extra,
});

function conversation(extra: Partial<ChatConversation> = {}): ChatConversation {
  return {
    appointmentId,
    as: 'patient',
    state: 'open',
    canWrite: true,
    opensAt: at(10),
    followUpUntil: null,
    doctorName: 'Dr. Meera Kulkarni',
    messages: [],
    unread: 0,
    ...extra,
  };
}

type Fakes = {
  load?: () => Promise<ChatConversation>;
  postText?: (text: string) => Promise<ChatMessage>;
  postPhoto?: (photo: Blob) => Promise<ChatMessage>;
};

function renderPanel(fakes: Fakes, options: { foldable?: boolean; listedUnread?: number; outbox?: ChatOutboxStore } = {}) {
  const streams: Array<(event: ChatEvent) => void> = [];
  const markRead = vi.fn(async (_input: { appointmentId: string; upTo: string; token: string }) => ({ unread: 0 }));
  const postText = vi.fn(async ({ text }: { text: string }) => (fakes.postText ?? (async (t: string) => msg('patient', t)))(text));
  const postPhoto = vi.fn(async ({ photo }: { photo: Blob }) => fakes.postPhoto!(photo));
  const loadPhoto = vi.fn(async (_request: { appointmentId: string; photoId: string; token: string }, _signal: AbortSignal) => new Blob(['jpeg'], { type: 'image/jpeg' }));
  const services: ChatServices = {
    actors: {
      loadChat: fromPromise(() => (fakes.load ?? (async () => conversation()))()),
      postText: fromPromise(({ input }) => postText(input)),
      postPhoto: fromPromise(({ input }) => postPhoto(input)),
      markRead: fromPromise(({ input }) => markRead(input)),
      stream: fromCallback<ChatEvent, { appointmentId: string; token: string; after: string }>(({ sendBack }) => {
        streams.push(sendBack);
        return () => undefined;
      }),
    },
    loadPhoto,
    ...(options.outbox ? { outbox: options.outbox } : {}),
  };
  const view = render(
    <ChatPanel
      appointmentId={appointmentId}
      token="tok"
      services={services}
      texts={en.chat}
      somethingWentWrong="Something went wrong."
      heading="Chat with your doctor"
      headingLevel={3}
      patientName="Asha Deshpande"
      foldable={options.foldable ?? false}
      listedUnread={options.listedUnread}
    />,
  );
  const push = (event: ChatEvent) => act(() => streams.at(-1)!(event));
  return { ...view, markRead, postText, postPhoto, loadPhoto, push, streams };
}

const log = () => screen.getByRole('log', { name: 'Messages' });

describe('the chat panel', () => {
  it("shows own and the doctor's messages with their clinic times in a polite log, and sends a text", async () => {
    const hello = msg('patient', 'Hello doctor');
    const reply = msg('doctor', 'Please describe the rash.');
    const panel = renderPanel({ load: async () => conversation({ messages: [hello, reply] }) });
    await screen.findByText('Please describe the rash.');
    expect(log().getAttribute('aria-live')).toBe('polite');
    const items = within(log()).getAllByRole('listitem');
    expect(items.map((li) => li.className)).toEqual(['chat__message chat__message--own', 'chat__message chat__message--other']);
    expect(items[0]!.textContent).toBe(`You ${clinicHHMM(hello.at)}Hello doctor`);
    expect(items[1]!.textContent).toContain('Dr. Meera Kulkarni');

    const box = screen.getByLabelText('Your message');
    await userEvent.type(box, 'It itches at night');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(panel.postText).toHaveBeenCalledWith({ appointmentId, text: 'It itches at night', clientId: expect.any(String), token: 'tok' });
    await within(log()).findByText('It itches at night');
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(document.activeElement).toBe(box);
  });

  it("keeps a refused text in the box with the server's words on the field", async () => {
    renderPanel({
      postText: async () => {
        throw { _tag: 'HttpFailure', status: 400, message: 'text: must be at most 2000 characters', errors: [{ field: 'text', message: 'must be at most 2000 characters' }] };
      },
    });
    const box = await screen.findByLabelText('Your message');
    await userEvent.type(box, 'Too long{Enter}');
    const error = await screen.findByText('must be at most 2000 characters');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(error.id);
    expect((box as HTMLTextAreaElement).value).toBe('Too long');
    // Writing again answers it.
    await userEvent.type(box, '!');
    expect(screen.queryByText('must be at most 2000 characters')).toBeNull();
  });

  it('shows what arrives on the stream; folded, it counts it on the button and marks it read once opened', async () => {
    const panel = renderPanel({ load: async () => conversation({ messages: [msg('doctor', 'Good morning')], unread: 1 }) }, { foldable: true, listedUnread: 1 });
    const button = screen.getByRole('button', { name: 'Open the chat 1 new message' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await vi.waitFor(() => expect(panel.streams).toHaveLength(1));
    const arriving = msg('doctor', 'Any fever?');
    panel.push({ type: 'stream.message', message: arriving });
    await screen.findByRole('button', { name: 'Open the chat 2 new messages' });
    expect(panel.markRead).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: /Open the chat/ }));
    expect(screen.getByRole('button', { name: 'Hide the chat' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(log()).getByText('Any fever?')).toBeTruthy();
    await vi.waitFor(() => expect(panel.markRead).toHaveBeenCalledWith({ appointmentId, upTo: arriving.id, token: 'tok' }));
    const next = msg('doctor', 'And since when?');
    panel.push({ type: 'stream.message', message: next });
    await vi.waitFor(() => expect(panel.markRead).toHaveBeenLastCalledWith({ appointmentId, upTo: next.id, token: 'tok' }));
    expect(panel.markRead).toHaveBeenCalledTimes(2);
  });

  it("sends a photo, shows the server's refusal on the field (focused), and shows photos through object URLs revoked when it goes", async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:photo-1');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const words = 'This file is not a photo. Send a JPEG, PNG, WebP or HEIC picture.';
    let refuse = true;
    const panel = renderPanel({
      postPhoto: async () => {
        if (refuse) throw { _tag: 'HttpFailure', status: 400, message: words, errors: [{ field: 'photo', message: words }] };
        return msg('patient', '', { photo: { id: 'p1', url: `/api/appointment/${appointmentId}/chat/photos/p1`, width: 640, height: 480 } });
      },
    });
    const input = await screen.findByLabelText('Send a photo');
    expect(input.getAttribute('accept')).toContain('image/heic');
    const pdf = new File(['%PDF'], 'rash.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, pdf);
    expect(panel.postPhoto).toHaveBeenCalledWith({ appointmentId, photo: pdf, token: 'tok' });
    const error = await screen.findByText(words);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(input);

    refuse = false;
    await userEvent.upload(input, new File(['jpeg'], 'rash.jpg', { type: 'image/jpeg' }));
    const img = await screen.findByRole('img', { name: /^Photo from You, / });
    expect(img.getAttribute('src')).toBe('blob:photo-1');
    expect(panel.loadPhoto).toHaveBeenCalledWith({ appointmentId, photoId: 'p1', token: 'tok' }, expect.any(AbortSignal));
    expect(screen.queryByText(words)).toBeNull();
    expect(created).toHaveBeenCalledTimes(1);
    panel.unmount();
    expect(revoked).toHaveBeenCalledWith('blob:photo-1');
  });

  it.each(['en', 'hi', 'mr'] as const)("says the server's refusal of a photo past a quota on the field, in %s", async (language) => {
    const catalog = await loadCatalog(language);
    setCatalog(catalog);
    try {
      const words = 'You have sent as many photos in this consultation as it can keep. Please describe the rest in words.';
      const code = 'chat.photosPerConversation';
      renderPanel({
        postPhoto: async () => {
          // As the API client receives the server's answer: worded by its code in the language in use.
          throw httpFailureOfText(400, JSON.stringify({ message: words, code, errors: [{ field: 'photo', message: words }] }));
        },
      });
      const input = await screen.findByLabelText('Send a photo');
      await userEvent.upload(input, new File(['jpeg'], 'rash.jpg', { type: 'image/jpeg' }));
      const shown = language === 'en' ? words : catalog.serverWords({ code, message: words });
      if (language !== 'en') expect(shown).toMatch(/[\u0900-\u097F]/);
      const error = await screen.findByText(shown);
      expect(input.getAttribute('aria-describedby')).toContain(error.id);
    } finally {
      setCatalog(en);
    }
  });

  it('refuses a photo over 10 MB, or a file that is not an image, on the field before any upload', async () => {
    const panel = renderPanel({ postPhoto: async () => msg('patient', '') });
    const input = await screen.findByLabelText('Send a photo');
    // A picker that lets anything through (the accept list is only a hint to the browser).
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'rash.jpg', { type: 'image/jpeg' }));
    const tooLarge = await screen.findByText('A photo can be at most 10 MB.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(tooLarge.id);
    expect(document.activeElement).toBe(input);
    await user.upload(input, new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('This file is not a photo. Send a JPEG, PNG, WebP or HEIC picture.')).toBeTruthy();
    expect(screen.queryByText('A photo can be at most 10 MB.')).toBeNull();
    expect(panel.postPhoto).not.toHaveBeenCalled();
    // A photo within the limit goes, and the problem with it.
    await user.upload(input, new File(['jpeg'], 'rash.jpg', { type: 'image/jpeg' }));
    expect(panel.postPhoto).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(input.getAttribute('aria-invalid')).toBeNull());
  });

  it('says when it opens (the time alone on the same clinic day, else the date too), and writes nothing before', async () => {
    // Half an hour ahead is still today in the clinic unless the test runs after 23:30 there.
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    const clinicDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(iso));
    const first = renderPanel({ load: async () => conversation({ state: 'upcoming', canWrite: false, opensAt: soon }) });
    if (clinicDay(soon) === clinicDay(new Date().toISOString())) await screen.findByText(`The chat opens at ${clinicHHMM(soon)}.`);
    else await screen.findByText(new RegExp(`^The chat opens on .+ at ${clinicHHMM(soon)}\\.$`));
    expect(screen.queryByLabelText('Your message')).toBeNull();
    expect(screen.queryByRole('log')).toBeNull();
    first.unmount();
    // Two days ahead: always another day.
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    renderPanel({ load: async () => conversation({ state: 'upcoming', canWrite: false, opensAt: later }) });
    await screen.findByText(new RegExp(`^The chat opens on .+ at ${clinicHHMM(later)}\\.$`));
  });

  it('keeps a text written while reconnecting as "Waiting to send" (in the store too) and sends it with its id once back, once', { timeout: 10_000 }, async () => {
    const store = { kept: new Map<string, ChatOutboxItem[]>(), read: (id: string) => store.kept.get(id) ?? [], write: (id: string, items: readonly ChatOutboxItem[]) => void store.kept.set(id, [...items]) };
    let load = 0;
    const panel = renderPanel(
      {
        load: async () => {
          load += 1;
          if (load === 2) throw { _tag: 'NetworkFailure', message: 'Failed to fetch' };
          return conversation();
        },
      },
      { outbox: store },
    );
    await screen.findByText('No messages yet. Write to start the conversation.');
    panel.push({ type: 'stream.dropped' });
    await screen.findByRole('status');
    await userEvent.type(screen.getByLabelText('Your message'), 'Written offline{Enter}');
    const waiting = await within(log()).findByText('Written offline');
    expect(waiting.closest('li')!.textContent).toBe('You Waiting to sendWritten offline');
    expect(store.kept.get(appointmentId)!.map((item) => item.text)).toEqual(['Written offline']);
    expect(panel.postText).not.toHaveBeenCalled();
    const clientId = store.kept.get(appointmentId)![0]!.clientId;
    // The reload after the pause got no answer; the next one does: the text goes with its id.
    // (two pauses of 2 s: the machine's own)
    await waitFor(() => expect(panel.postText).toHaveBeenCalledWith({ appointmentId, text: 'Written offline', clientId, token: 'tok' }), { timeout: 6000 });
    await waitFor(() => expect(screen.queryByText('Waiting to send')).toBeNull());
    expect(within(log()).getAllByText('Written offline')).toHaveLength(1);
    expect(store.kept.get(appointmentId)).toEqual([]);
    expect(panel.postText).toHaveBeenCalledTimes(1);
  });

  it('sends what the store kept from before a reload, with the ids it was written with', async () => {
    const kept = [{ clientId: '8d0c5a6e-1b2c-4d3e-8f9a-0b1c2d3e4f5a', text: 'From before the reload' }];
    const store = { read: () => kept, write: vi.fn() };
    const panel = renderPanel({}, { outbox: store });
    await waitFor(() => expect(panel.postText).toHaveBeenCalledWith({ appointmentId, ...kept[0], token: 'tok' }));
    await within(log()).findByText('From before the reload');
    await waitFor(() => expect(store.write).toHaveBeenLastCalledWith(appointmentId, []));
  });

  it('says politely that it reconnects when the stream drops, keeping the draft', async () => {
    const panel = renderPanel({});
    await userEvent.type(await screen.findByLabelText('Your message'), 'Half written');
    panel.push({ type: 'stream.dropped' });
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('The connection was interrupted. Reconnecting… your messages are safe.');
    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('Half written');
    // A text can still be written: it waits to be sent.
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('follow-up, read-only and closed: says so; only the follow-up can be written in', async () => {
    const followUpUntil = new Date(Date.now() + 48 * 3_600_000).toISOString();
    const first = renderPanel({ load: async () => conversation({ state: 'followup', followUpUntil, messages: [msg('doctor', 'Take the remedy twice a day.')] }) });
    await screen.findByText(/^The consultation is complete\. You can ask follow-up questions here until /);
    expect(screen.getByLabelText('Your message')).toBeTruthy();
    first.unmount();

    const second = renderPanel({ load: async () => conversation({ state: 'readonly', canWrite: false, messages: [msg('doctor', 'Get well soon.')] }) });
    await screen.findByText('This chat is closed. You can still read it.');
    expect(within(log()).getByText('Get well soon.')).toBeTruthy();
    expect(screen.queryByLabelText('Your message')).toBeNull();
    second.unmount();

    renderPanel({ load: async () => conversation({ state: 'unavailable', canWrite: false }) });
    await screen.findByText('This consultation was cancelled or is unpaid, so it has no chat.');
    expect(screen.queryByRole('log')).toBeNull();
  });

  it('offers Try again after a failed load, a 401 too (the request base ends the session)', async () => {
    let calls = 0;
    renderPanel({
      load: async () => {
        calls += 1;
        if (calls === 1) throw { _tag: 'HttpFailure', status: 503, message: 'The server answered with status 503.', generic: true };
        return conversation({ messages: [msg('doctor', 'Back again')] });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeTruthy();

    const expired = renderPanel({
      load: async () => {
        throw { _tag: 'HttpFailure', status: 401, message: 'Please login.' };
      },
    });
    expect(await within(expired.container).findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(expired.container).queryByRole('log')).toBeNull();
  });
});
