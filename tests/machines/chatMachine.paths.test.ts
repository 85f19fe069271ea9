/**
 * Model-based paths for a Chat appointment's conversation: loaded as upcoming (then
 * asked again exactly when it opens, not a second before), open (live), read-only or closed;
 * failed and retried, the session gone (401); messages arriving on the stream (one arriving twice
 * is kept once); a text and a photo sent, or refused with the server's words (a 400 on its field,
 * anything else as a notice); the text box's draft kept when refused and emptied once sent; the
 * messages on screen marked read (the other party's newest, once); the stream dropping,
 * the pause, the reload, and the stream resumed after the last message id (no loss, no doubles);
 * the outbox: a text written offline (the first load unanswered too) kept and sent once online, a
 * send unanswered or whose answer was lost held and sent again after the pause with the same client
 * id (the server's kept message, once), a refused text back in the box.
 * Along every path the REAL machine runs with its calls answered by hand, a hand-driven stream and
 * a simulated clock the steps move on (its tick reads the test's time); each state must show what
 * the model says, and the calls made.
 */
import { createActor, createMachine, fromCallback, SimulatedClock, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { type ChatConversation, type ChatMessage, chatPhotoMaxBytes } from '../../contract/chat.js';
import { readClockWith } from '../../machines/chat/actions.js';
import { chatMachine } from '../../machines/chat/chatMachine.js';
import { chatReconnectMs, chatTickMs, mergeMessages, type ChatProblem } from '../../machines/chat/context.js';
import type { ChatEmitted, ChatEvent } from '../../machines/chat/events.js';
import {
  selectCanSend,
  selectConversation,
  selectIsHeld,
  selectIsLive,
  selectOutbox,
  selectIsReconnecting,
  selectIsSending,
  selectDraft,
  selectMessages,
  selectProblem,
  selectUnread,
} from '../../machines/chat/selectors.js';
import { answeredByHand, recordEmitted, refused, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const emits = {
  upcoming: [],
  open: [],
  readonly: [],
  closed: [],
  failed: [],
  expired: [],
  retry: [],
  early: [],
  due: [],
  received: [],
  receivedAgain: [],
  send: [],
  sendPhoto: [],
  sent: [],
  sendRefused: ['server: Too many messages in a minute. Wait a moment and send it again.'],
  sendExpired: ['server: Please login.'],
  textRefused: [],
  photoRefused: [],
  photoTooLarge: [],
  notAPhoto: [],
  typed: [],
  shown: [],
  hidden: [],
  ticked: [],
  dropped: [],
  pauseOver: [],
  offline: [],
  queued: [],
  sendUnanswered: [],
  answerLost: [],
  retryDue: [],
  another: [],
} as const satisfies Record<string, readonly string[]>;

const model = createMachine({
  id: 'chatModel',
  types: {} as { events: { type: keyof typeof emits } },
  initial: 'Loading',
  states: {
    Loading: { on: { upcoming: 'WaitingToOpen', open: 'Ready', readonly: 'ReadOnly', closed: 'Closed', failed: 'Failed', expired: 'Failed', offline: 'Reconnecting' } },
    WaitingToOpen: { on: { early: 'WaitingToOpen', due: 'Loading' } },
    Ready: {
      on: {
        received: 'Ready',
        receivedAgain: 'Ready',
        typed: 'Ready',
        shown: 'Ready',
        hidden: 'Ready',
        ticked: 'Ready',
        send: 'SendingText',
        sendPhoto: 'SendingPhoto',
        photoTooLarge: 'Ready',
        notAPhoto: 'Ready',
        dropped: 'Reconnecting',
      },
    },
    SendingText: {
      on: {
        sent: 'Ready',
        sendRefused: 'Ready',
        sendExpired: 'Ready',
        textRefused: 'Ready',
        received: 'SendingText',
        dropped: 'ReconnectingQueued',
        sendUnanswered: 'Held',
        answerLost: 'Held',
        another: 'SendingTextMore',
      },
    },
    Held: { on: { retryDue: 'SendingText', dropped: 'ReconnectingQueued', another: 'HeldMore' } },
    SendingPhoto: { on: { sent: 'Ready', sendRefused: 'Ready', sendExpired: 'Ready', photoRefused: 'Ready', another: 'SendingPhotoMore' } },
    // A second text written while one goes out (or is held): it waits in the outbox and goes next.
    SendingTextMore: { on: { sent: 'SendingText' } },
    HeldMore: { on: { retryDue: 'SendingTextMore' } },
    SendingPhotoMore: { on: { sent: 'SendingText' } },
    Reconnecting: { on: { pauseOver: 'Loading', queued: 'ReconnectingQueued' } },
    ReconnectingQueued: { on: { pauseOver: 'LoadingQueued' } },
    LoadingQueued: { on: { open: 'SendingText', offline: 'ReconnectingQueued' } },
    ReadOnly: { on: { shown: 'ReadOnly' } },
    Closed: {},
    Failed: { on: { retry: 'Loading' } },
  },
});

const id = '3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c';
/** One byte over the limit, typed as a JPEG: refused by its size alone. */
const oversizedPhoto = new Blob([new Uint8Array(chatPhotoMaxBytes + 1)], { type: 'image/jpeg' });
const opensAt = '2025-03-11T05:20:00.000Z';
let nextId = 1;
const message = (from: ChatMessage['from'], text: string): ChatMessage => ({ id: String(nextId++), from, text, photo: null, at: opensAt });
const conversation = (state: ChatConversation['state'], messages: ChatMessage[]): ChatConversation => ({
  appointmentId: id,
  as: 'patient',
  state,
  canWrite: state === 'open' || state === 'followup',
  opensAt,
  followUpUntil: null,
  doctorName: 'Dr. Meera Kulkarni',
  messages,
  unread: 0,
});

function harness() {
  nextId = 1;
  // The machine's time: its tick reads `now`; its delays run on `clock`, which the steps move on.
  const clock = new SimulatedClock();
  let now = Date.parse(opensAt) - 3_600_000;
  const load = answeredByHand<ChatConversation, { appointmentId: string; token: string }>();
  const postText = answeredByHand<ChatMessage, { appointmentId: string; text: string; clientId: string; token: string }>();
  const postPhoto = answeredByHand<ChatMessage, { appointmentId: string; photo: Blob; token: string }>();
  const markRead = answeredByHand<{ unread: number }, { appointmentId: string; upTo: string; token: string }>();
  const streams: Array<{ after: string; send: (e: ChatEvent) => void; open: boolean }> = [];
  const stream = fromCallback<ChatEvent, { appointmentId: string; token: string; after: string }>(({ sendBack, input }) => {
    const s = { after: input.after, send: sendBack, open: true };
    streams.push(s);
    return () => {
      s.open = false;
    };
  });
  const actor = createActor(
    chatMachine.provide({
      actors: { loadChat: load.logic, postText: postText.logic, postPhoto: postPhoto.logic, markRead: markRead.logic, stream },
      actions: { readClock: readClockWith(() => now) },
    }),
    { input: { appointmentId: id, token: 'tok', now }, inspect: recordWalk, clock },
  );
  const emitted = recordEmitted<ChatEmitted>(actor);
  actor.start();
  const step = stepper(emitted.take, emits);

  // What the user should see: every message once, in order, as the server has them.
  let server: ChatMessage[] = [];
  // What the machine has been given so far (a message written while the stream was down is not yet).
  let shown: ChatMessage[] = [];
  let expectedAfter = '0';
  let loads = 1;
  let streamsOpened = 0;
  let texts = 0;
  let photos = 0;
  // On screen once `shown`: each doctor's message then read at once, marked on the server once.
  let onScreen = false;
  const readMarks: string[] = [];
  let draft = '';
  // The texts waiting to be sent, as the machine should list them; the server's messages by client id.
  let outbox: string[] = [];
  const byClientId = new Map<string, ChatMessage>();
  const lastClientId = () => postText.latest().input.clientId;
  let problem: ChatProblem | null = null;
  const newestFromDoctor = () => shown.findLast((m) => m.from === 'doctor')?.id;
  const markIfOnScreen = () => {
    const newest = newestFromDoctor();
    if (onScreen && newest !== undefined && !readMarks.includes(newest) && (readMarks.length === 0 || BigInt(newest) > BigInt(readMarks.at(-1)!))) readMarks.push(newest);
  };
  const answer = (state: ChatConversation['state']) => () => {
    if (server.length === 0) server = [message('patient', 'Hello doctor')];
    // The server counts the doctor's messages after the last read mark it was sent.
    const unread = server.filter((m) => m.from === 'doctor' && (readMarks.length === 0 || BigInt(m.id) > BigInt(readMarks.at(-1)!))).length;
    load.latest().resolve({ ...conversation(state, server), unread });
    shown = server;
    markIfOnScreen();
    if (state === 'open') {
      streamsOpened += 1;
      expectedAfter = server.at(-1)!.id;
      // What waited in the outbox goes at once.
      if (outbox.length > 0) texts += 1;
    }
  };
  const live = () => streams.filter((s) => s.open);
  // A refused text leaves the outbox and is back in the box (nothing lost).
  const returnText = () => {
    if (!actor.getSnapshot().matches({ Live: 'SendingText' })) return;
    draft = outbox[0]!;
    outbox = outbox.slice(1);
  };
  const shows = (state: 'Loading' | 'WaitingToOpen' | 'Ready' | 'Sending' | 'SendingPhoto' | 'Held' | 'Reconnecting' | 'ReadOnly' | 'Closed' | 'Failed') => () => {
    const s = actor.getSnapshot();
    const liveNow = state === 'Ready' || state === 'Sending' || state === 'SendingPhoto' || state === 'Held';
    expect(selectIsLive(s)).toBe(liveNow);
    expect(selectIsSending(s)).toBe(state === 'Sending' || state === 'SendingPhoto');
    expect(selectIsHeld(s)).toBe(state === 'Held');
    expect(selectIsReconnecting(s)).toBe(state === 'Reconnecting');
    // A text can be written while live (queued behind one going out) and while reconnecting (kept for later).
    expect(selectCanSend(s)).toBe(liveNow || state === 'Reconnecting');
    expect(selectOutbox(s).map((item) => item.text)).toEqual(outbox);
    expect(new Set(selectOutbox(s).map((item) => item.clientId)).size).toBe(outbox.length);
    expect(s.matches('Failed')).toBe(state === 'Failed');
    expect(s.matches('ReadOnly')).toBe(state === 'ReadOnly');
    expect(s.matches('Closed')).toBe(state === 'Closed');
    expect(s.matches('WaitingToOpen')).toBe(state === 'WaitingToOpen');
    expect(load.calls).toHaveLength(loads);
    expect(postText.calls).toHaveLength(texts);
    expect(postPhoto.calls).toHaveLength(photos);
    // One stream while live, none otherwise; each opened after the last message it had.
    expect(live()).toHaveLength(liveNow ? 1 : 0);
    expect(streams).toHaveLength(streamsOpened);
    if (selectConversation(s) !== null) expect(selectMessages(s)).toEqual(shown);
    expect(selectDraft(s)).toBe(draft);
    expect(s.context.now).toBe(now);
    expect(selectProblem(s)).toEqual(problem);
    // Read marks: one per newest doctor's message seen on screen, none while off screen.
    expect(markRead.calls.map((c) => c.input)).toEqual(readMarks.map((upTo) => ({ appointmentId: id, upTo, token: 'tok' })));
    const unreadNow = shown.filter((m) => m.from === 'doctor' && (readMarks.length === 0 || BigInt(m.id) > BigInt(readMarks.at(-1)!))).length;
    if (selectConversation(s) !== null) expect(selectUnread(s)).toBe(unreadNow);
    // The live stream resumes after the last message the machine had when it opened.
    const current = live()[0];
    if (current) expect(current.after).toBe(expectedAfter);
  };
  const received = (twice: boolean) => () => {
    const m = message('doctor', 'Please send a photo.');
    server = mergeMessages(server, [m]);
    shown = server;
    live()[0]!.send({ type: 'stream.message', message: m });
    if (twice) live()[0]!.send({ type: 'stream.message', message: m });
    markIfOnScreen();
  };
  return {
    stop: () => actor.stop(),
    events: {
      upcoming: step('upcoming', answer('upcoming')),
      open: step('open', answer('open')),
      readonly: step('readonly', answer('readonly')),
      closed: step('closed', answer('unavailable')),
      failed: step('failed', () => load.latest().reject(refused(500, 'The server failed.'))),
      // No answer at all (offline): the machine tries again after the pause, by itself.
      offline: step('offline', () => load.latest().reject(unanswered)),
      queued: step('queued', () => {
        actor.send({ type: 'message.send', text: 'Written offline' });
        outbox = [...outbox, 'Written offline'];
        draft = '';
      }),
      expired: step('expired', () => load.latest().reject(refused(401, 'Please login.'))),
      retry: step('retry', () => {
        actor.send({ type: 'chat.retry' });
        loads += 1;
      }),
      early: step('early', () => {
        now = Date.parse(opensAt) - 1000;
        actor.send({ type: 'clock.tick', now });
      }),
      due: step('due', () => {
        now = Date.parse(opensAt);
        actor.send({ type: 'clock.tick', now });
        loads += 1;
      }),
      // While live the clock only moves the time on: no reload, no new stream.
      ticked: step('ticked', () => {
        now += chatTickMs;
        clock.increment(chatTickMs);
      }),
      received: step('received', received(false)),
      receivedAgain: step('receivedAgain', received(true)),
      typed: step('typed', () => {
        actor.send({ type: 'draft.changed', text: 'It itches at night' });
        draft = 'It itches at night';
        // Typing again answers a refusal of the text, not one of a photo.
        if (problem?.field === 'text') problem = null;
      }),
      shown: step('shown', () => {
        actor.send({ type: 'view.shown' });
        onScreen = true;
        markIfOnScreen();
      }),
      // The panel closed or the page hidden: what arrives next stays unread until shown again.
      hidden: step('hidden', () => {
        actor.send({ type: 'view.hidden' });
        onScreen = false;
      }),
      send: step('send', () => {
        actor.send({ type: 'message.send', text: '   ' }); // nothing to send: ignored
        actor.send({ type: 'message.send', text: 'It itches at night' });
        problem = null;
        texts += 1;
        // The text goes to the outbox, with an id of its own; the box is empty for the next one.
        outbox = ['It itches at night'];
        draft = '';
        expect(postText.latest().input).toEqual({ appointmentId: id, text: 'It itches at night', clientId: expect.stringMatching(/^[0-9a-f-]{36}$/), token: 'tok' });
      }),
      sendPhoto: step('sendPhoto', () => {
        actor.send({ type: 'photo.send', photo: new Blob(['jpeg bytes']) });
        photos += 1;
        problem = null;
      }),
      sent: step('sent', () => {
        const photo = actor.getSnapshot().matches({ Live: 'SendingPhoto' });
        // The server answers a client id it already has with the message it kept.
        const m = photo ? message('patient', '') : (byClientId.get(lastClientId()) ?? message('patient', postText.latest().input.text));
        if (!photo) byClientId.set(lastClientId(), m);
        server = mergeMessages(server, [m]);
        shown = server;
        (photo ? postPhoto : postText).latest().resolve(m);
        if (!photo) outbox = outbox.slice(1);
        // A text waiting behind it goes out next, by itself.
        if (outbox.length > 0) texts += 1;
        // The stream brings the same message too: kept once.
        live()[0]!.send({ type: 'stream.message', message: m });
      }),
      another: step('another', () => {
        actor.send({ type: 'message.send', text: 'And another thing' });
        outbox = [...outbox, 'And another thing'];
        draft = '';
      }),
      sendRefused: step('sendRefused', () => {
        returnText();
        (actor.getSnapshot().matches({ Live: 'SendingPhoto' }) ? postPhoto : postText).latest().reject(refused(429, 'Too many messages in a minute. Wait a moment and send it again.'));
      }),
      // Offline: the text stays in the outbox, and goes again after the pause with the same id.
      sendUnanswered: step('sendUnanswered', () => postText.latest().reject(unanswered)),
      // The server kept it, but its answer was lost on the way back.
      answerLost: step('answerLost', () => {
        const m = message('patient', postText.latest().input.text);
        byClientId.set(lastClientId(), m);
        server = mergeMessages(server, [m]);
        postText.latest().reject(unanswered);
      }),
      retryDue: step('retryDue', () => {
        const before = lastClientId();
        clock.increment(chatReconnectMs);
        texts += 1;
        expect(lastClientId()).toBe(before);
      }),
      // A 401 on sending: the session is told it ended; the draft stays, no problem on a field.
      sendExpired: step('sendExpired', () => {
        returnText();
        (actor.getSnapshot().matches({ Live: 'SendingPhoto' }) ? postPhoto : postText).latest().reject(refused(401, 'Please login.'));
      }),
      textRefused: step('textRefused', () => {
        returnText();
        postText.latest().reject({ ...refused(400, 'text: must be at most 2000 characters'), errors: [{ field: 'text', message: 'must be at most 2000 characters' }] });
        problem = { field: 'text', text: 'must be at most 2000 characters' };
      }),
      photoRefused: step('photoRefused', () => {
        const words = 'This file is not a photo. Send a JPEG, PNG, WebP or HEIC picture.';
        postPhoto.latest().reject({ ...refused(400, words), errors: [{ field: 'photo', message: words }] });
        problem = { field: 'photo', text: words };
      }),
      // Refused in the browser before any upload: no call, the problem on the photo field.
      photoTooLarge: step('photoTooLarge', () => {
        actor.send({ type: 'photo.send', photo: oversizedPhoto });
        problem = { field: 'photo', kind: 'photoTooLarge' };
      }),
      notAPhoto: step('notAPhoto', () => {
        actor.send({ type: 'photo.send', photo: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) });
        problem = { field: 'photo', kind: 'notAPhoto' };
      }),
      dropped: step('dropped', () => {
        live()[0]!.send({ type: 'stream.dropped' });
        // Meanwhile the doctor writes: the reload brings it.
        server = mergeMessages(server, [message('doctor', 'Written while you were away')]);
      }),
      pauseOver: step('pauseOver', () => {
        clock.increment(chatReconnectMs);
        loads += 1;
      }),
    },
    states: {
      Loading: shows('Loading'),
      WaitingToOpen: shows('WaitingToOpen'),
      Ready: shows('Ready'),
      SendingText: shows('Sending'),
      SendingPhoto: shows('SendingPhoto'),
      Held: shows('Held'),
      SendingTextMore: shows('Sending'),
      HeldMore: shows('Held'),
      SendingPhotoMore: shows('SendingPhoto'),
      Reconnecting: shows('Reconnecting'),
      ReconnectingQueued: shows('Reconnecting'),
      LoadingQueued: shows('Loading'),
      ReadOnly: shows('ReadOnly'),
      Closed: shows('Closed'),
      Failed: shows('Failed'),
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('chatMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    ([
      'failed', 'retry', 'upcoming', 'early', 'due', 'open', 'received', 'shown', 'typed', 'send', 'received', 'sent', 'dropped', 'pauseOver', 'open',
      'sendPhoto', 'photoRefused', 'typed', 'send', 'textRefused', 'typed', 'sendPhoto', 'sendRefused', 'receivedAgain',
      'photoTooLarge', 'typed', 'notAPhoto', 'sendPhoto', 'sent', 'hidden', 'received', 'ticked', 'shown', 'typed', 'send', 'sendExpired',
    ] as const).map(
      (type) => ({ type }),
    ),
  );
  // Offline from the start: a text kept, the reload still offline, then online: sent once though its first answer was lost.
  const offlineJourney = testModel.getPathsFromEvents(
    (['offline', 'queued', 'pauseOver', 'offline', 'pauseOver', 'open', 'answerLost', 'retryDue', 'sent', 'send', 'sendUnanswered', 'dropped', 'pauseOver', 'open', 'sent'] as const).map(
      (type) => ({ type }),
    ),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(47);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys, 'offline journey': offlineJourney }, harness);
});

describe('mergeMessages', () => {
  it('keeps each id once, in id order (ids compared as numbers)', () => {
    const m = (idText: string): ChatMessage => ({ id: idText, from: 'doctor', text: idText, photo: null, at: opensAt });
    expect(mergeMessages([m('9'), m('10')], [m('10'), m('2'), m('11')]).map((x) => x.id)).toEqual(['2', '9', '10', '11']);
  });
});
