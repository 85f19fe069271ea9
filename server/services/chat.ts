/**
 * Chat consultations: the private conversation of a Chat appointment.
 *
 * Who (server/access/rules.ts): the appointment's patient and its doctor read and write; admins read (audit) and cannot
 * write (403); anybody else, and any appointment that is not a Chat, gets 404.
 * When (ChatState, contract/chat.ts): open from JOIN_OPENS_MINUTES_BEFORE before the start until
 * the doctor completes the consultation; then open for follow-up questions for
 * CHAT_FOLLOWUP_HOURS after the completion (the audit log's first appointment.completed); then
 * read-only. Never writable when cancelled or unpaid.
 * Photos: JPEG, PNG, WebP (and HEIC where the server's libvips decodes it), up to 10 MB,
 * recognised by their bytes (never by name or content type), re-encoded to JPEG by sharp (which
 * drops EXIF, GPS and every other metadata; the EXIF orientation is applied first), at most
 * chatPhotoMaxSide pixels a side and chatPhotoStoredMaxBytes (lower quality, then fewer pixels,
 * until it fits). Quotas: CHAT_PHOTOS_PER_CONVERSATION photos per person and conversation,
 * CHAT_PHOTOS_PER_DAY per account in 24 hours; counted in the transaction that stores the photo,
 * under the sender's lock, so photos sent at once cannot pass a quota together.
 * Rate limit: CHAT_MESSAGES_PER_MINUTE per person, all conversations together, counted in the
 * database (repositories/rateLimits.ts), so every instance counts the same.
 * Order: every message is written under its conversation's lock, so ids grow in commit order
 * within a conversation (repositories/chat.ts lockConversation): streams, Last-Event-ID and read
 * marks, which all say "after this id", never skip a message that committed late.
 * Streams (GET /appointment/{id}/chat/stream): only while the chat is open or in its follow-up
 * (409 otherwise), within the caps of server/chat/hub.ts (429), and only as long as the session
 * and the part in the appointment that opened them (streamAllowed).
 */
import type { User } from '../../contract/auth.js';
import {
  type ChatConversation,
  type ChatMessage,
  type ChatState,
  chatPhotoMaxBytes,
  chatPhotoMaxSide,
  chatPhotoStoredMaxBytes,
} from '../../contract/chat.js';
import type { ChatHub, StreamRefusal, StreamTicket } from '../chat/hub.js';
import { type ConsultationConfig, defaultConsultationConfig } from '../consultation/config.js';
import type { Database } from '../db/database.js';
import {
  type ChatMessageRow,
  type ChatRole,
  completedAt,
  findPhoto,
  findMessageByClientId,
  insertMessage,
  insertPhoto,
  listMessages,
  lockConversation,
  lockPhotoSender,
  markRead,
  photosSent,
  unreadCount,
  unreadCounts,
} from '../repositories/chat.js';
import { isSessionLive } from '../repositories/sessions.js';
import type { Queryable } from '../db/database.js';
import type { ConsultationFacts } from '../repositories/consultations.js';
import { hit } from '../repositories/rateLimits.js';
import { canWriteChat, chatTakesMessages, hasChat, isParty } from '../access/rules.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from './errors.js';
import { defineMessages } from './messageCodes.js';
import { isExpected } from './booking/status.js';
import { consultationPartOf, joinWindow } from './consultations.js';
import { secondsUntil } from './limits.js';
import { noPushQueue, type PushQueue } from '../push/eventJobs.js';

// sharp (libvips) is loaded with the first photo, not at the server's start (the start time and
// memory budgets in npm run bench: about 20 MB and 0.25 s most processes never need).
const loadSharp = async () => (await import('sharp')).default;

export const chatMessages = defineMessages('chat', {
  notFound: 'Appointment not found.',
  adminReadOnly: 'Admins read the chat for audit; they cannot write in it.',
  upcoming: 'The chat has not opened yet: it opens shortly before the consultation starts.',
  readonly: 'This chat is closed: it can still be read.',
  unavailable: 'This consultation was cancelled or is unpaid.',
  tooMany: 'Too many messages in a minute. Wait a moment and send it again.',
  photoRequired: 'Choose a photo to send.',
  photoTooLarge: 'A photo can be at most 10 MB.',
  notAnImage: 'This file is not a photo. Send a JPEG, PNG, WebP or HEIC picture.',
  heicUnsupported: 'HEIC photos cannot be read by the clinic yet. On iPhone, choose "Most Compatible" in Settings > Camera > Formats, or send a screenshot of the photo.',
  photoNotFound: 'Photo not found.',
  photoTooDetailed: 'This photo has too much detail to send. Please send a smaller picture, or a screenshot of it.',
  photosPerConversation: 'You have sent as many photos in this consultation as it can keep. Please describe the rest in words.',
  photosPerDay: 'You have sent as many photos today as the clinic can take. Please send more tomorrow, or describe them in words.',
  streamsPerConversation: 'This chat is open in too many tabs or windows. Close one of them and try again.',
  streamsPerClient: 'Too many chats are open from your network. Close some of them and try again.',
  streamsTotal: 'The chat is busy right now. Please try again in a minute.',
} as const);

const minuteMs = 60_000;
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/**
 * The encodings tried in turn, [longest side, JPEG quality], until one is at most
 * chatPhotoStoredMaxBytes: a phone photo fits at the first (a few hundred kB); only a photo that
 * is all fine detail needs the later ones. None of them makes a picture larger than it came.
 */
const photoEncodings: ReadonlyArray<readonly [side: number, quality: number]> = [
  [chatPhotoMaxSide, 80],
  [chatPhotoMaxSide, 70],
  [chatPhotoMaxSide, 60],
  [1600, 60],
  [1600, 50],
  [1280, 50],
  [1024, 45],
];

/** How long a refused stream's browser is asked to wait before it asks again (Retry-After). */
const streamRetrySeconds = 30;

const streamRefusals: Record<StreamRefusal, string> = {
  conversation: chatMessages.streamsPerConversation,
  client: chatMessages.streamsPerClient,
  total: chatMessages.streamsTotal,
};

export type ChatPart = { facts: ConsultationFacts; as: ChatRole | 'admin' };

/** 'ftyp' at offset 4 and a HEIF brand: a HEIC/HEIF file from a phone, whatever its name says. */
export function looksLikeHeic(bytes: Buffer): boolean {
  if (bytes.length < 12 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  return ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(bytes.toString('latin1', 8, 12));
}

const photoError = (message: string) => new BadRequestError(message, [{ field: 'photo', message }]);

/**
 * The photo, re-encoded: a JPEG without metadata, turned upright, at most chatPhotoMaxSide pixels
 * a side and chatPhotoStoredMaxBytes (photoEncodings, in turn).
 */
export async function reencodePhoto(bytes: Buffer | undefined): Promise<{ data: Buffer; width: number; height: number }> {
  if (!bytes || bytes.length === 0) throw photoError(chatMessages.photoRequired);
  if (bytes.length > chatPhotoMaxBytes) throw photoError(chatMessages.photoTooLarge);
  const heic = looksLikeHeic(bytes);
  const sharp = await loadSharp(); // outside the try: a library that fails to load is not the photo's fault
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { failOn: 'error', limitInputPixels: 60_000_000 }).metadata()).format;
  } catch {
    throw photoError(heic ? chatMessages.heicUnsupported : chatMessages.notAnImage);
  }
  const allowed = format === 'jpeg' || format === 'png' || format === 'webp' || (format === 'heif' && heic);
  if (!allowed) throw photoError(chatMessages.notAnImage);
  // Decoded once (upright, on white, at most chatPhotoMaxSide), then encoded until it fits.
  let pixels: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
  try {
    pixels = await sharp(bytes, { failOn: 'error', limitInputPixels: 60_000_000 })
      .rotate()
      .resize({ width: chatPhotoMaxSide, height: chatPhotoMaxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw photoError(heic ? chatMessages.heicUnsupported : chatMessages.notAnImage);
  }
  const { width, height, channels } = pixels.info;
  for (const [side, quality] of photoEncodings) {
    const { data, info } = await sharp(pixels.data, { raw: { width, height, channels } })
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality })
      .toBuffer({ resolveWithObject: true });
    if (data.length <= chatPhotoStoredMaxBytes) return { data, width: info.width, height: info.height };
  }
  throw photoError(chatMessages.photoTooDetailed);
}

/** What the chat functions work with. */
interface ChatContext {
  db: Database;
  now: () => Date;
  hub: ChatHub;
  config: ConsultationConfig;
  push: PushQueue;
}

/** Only a Chat appointment has a chat: 404 for the other types as for strangers. */
const chatPartOf = ({ db }: ChatContext, user: User, id: string): Promise<ChatPart> =>
  consultationPartOf(db, user, id, hasChat, chatMessages.notFound);

async function stateOf(
  { db, config }: ChatContext,
  facts: ConsultationFacts,
  at: Date,
): Promise<{ state: ChatState; opensAt: Date; followUpUntil: Date | null }> {
  const { opensAt } = joinWindow(facts, config);
  if (facts.status === 'Cancelled' || !isExpected(facts.paymentStatus)) return { state: 'unavailable', opensAt, followUpUntil: null };
  if (facts.status === 'Completed') {
    // Completed without an audit row (a database restored from before the audit log): no follow-up.
    const done = await completedAt(db, facts.id);
    const followUpUntil = done ? new Date(done.getTime() + config.chatFollowUpHours * hourMs) : null;
    return { state: followUpUntil && at < followUpUntil ? 'followup' : 'readonly', opensAt, followUpUntil };
  }
  return { state: at < opensAt ? 'upcoming' : 'open', opensAt, followUpUntil: null };
}

const toMessage = (appointmentId: string, m: ChatMessageRow): ChatMessage => ({
  id: m.id,
  from: m.from,
  text: m.text,
  photo: m.photo
    ? { id: m.photo.id, url: `/api/appointment/${appointmentId}/chat/photos/${m.photo.id}`, width: m.photo.width, height: m.photo.height }
    : null,
  at: m.at.toISOString(),
});

const otherOf = (role: ChatRole): ChatRole => (role === 'patient' ? 'doctor' : 'patient');

/** The checks before a write: a party (not an admin), the state, the rate limit. */
async function writable(ctx: ChatContext, user: User, id: string): Promise<ChatPart & { as: ChatRole; at: Date }> {
  const { db, now, config } = ctx;
  const part = await chatPartOf(ctx, user, id);
  if (!isParty(part.as)) throw new ForbiddenError(chatMessages.adminReadOnly);
  const at = now();
  const { state } = await stateOf(ctx, part.facts, at);
  if (state === 'unavailable') throw new ConflictError(chatMessages.unavailable);
  if (state === 'upcoming') throw new ConflictError(chatMessages.upcoming);
  if (state === 'readonly') throw new ConflictError(chatMessages.readonly);
  const limit = await hit(db, `chat:${user._id}`, at, minuteMs);
  if (limit.hits > config.chatMessagesPerMinute) throw new TooManyRequestsError(chatMessages.tooMany, secondsUntil(limit.windowEnds, at));
  return { ...part, as: part.as, at };
}

/** 400 on the photo field when the sender has no photo left in this conversation or today. */
async function checkPhotoQuotas({ config }: ChatContext, q: Queryable, user: User, appointmentId: string, at: Date): Promise<void> {
  const sent = await photosSent(q, user._id, appointmentId, new Date(at.getTime() - dayMs));
  if (sent.inConversation >= config.chatPhotosPerConversation) throw photoError(chatMessages.photosPerConversation);
  if (sent.since >= config.chatPhotosPerDay) throw photoError(chatMessages.photosPerDay);
}

async function post(
  ctx: ChatContext,
  user: User,
  { facts, as, at }: ChatPart & { as: ChatRole; at: Date },
  content: { text: string; photo?: { data: Buffer; width: number; height: number }; clientId?: string },
): Promise<ChatMessage> {
  if (as === 'doctor') await ctx.push.prepare();
  const message = await ctx.db.transaction(async (tx) => {
    // The sender's photo lock before the conversation's, always (repositories/chat.ts).
    if (content.photo) await lockPhotoSender(tx, user._id);
    await lockConversation(tx, facts.id);
    // A send repeated with the same client id (its first answer never arrived): the message it made.
    if (content.clientId) {
      const sent = await findMessageByClientId(tx, facts.id, user._id, content.clientId);
      if (sent) return sent;
    }
    if (content.photo) await checkPhotoQuotas(ctx, tx, user, facts.id, at);
    const photoId = content.photo
      ? await insertPhoto(tx, { appointmentId: facts.id, contentType: 'image/jpeg', ...content.photo }, at)
      : null;
    const m = await insertMessage(tx, { appointmentId: facts.id, senderUserId: user._id, senderRole: as, text: content.text, photoId, clientId: content.clientId ?? null }, at);
    // The sender has read their own conversation up to their message.
    await markRead(tx, facts.id, user._id, m.id);
    await ctx.hub.announce(tx, facts.id, m.id);
    // The patient's phones hear of it (that a message came, never its words), if it commits.
    if (as === 'doctor') await ctx.push.queue(tx, 'chat', m.id);
    return m;
  });
  return toMessage(facts.id, message);
}

/**
 * Whether an open stream may go on: its session is live, the caller still has the same part in
 * the appointment (a doctor made a patient has none), and the chat can still change.
 */
async function streamAllowed(
  ctx: ChatContext,
  caller: { user: User; sessionId: string },
  appointmentId: string,
  as: ChatPart['as'],
): Promise<boolean> {
  const at = ctx.now();
  if (!(await isSessionLive(ctx.db, caller.sessionId, at))) return false;
  let part: ChatPart;
  try {
    part = await chatPartOf(ctx, caller.user, appointmentId);
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
  return part.as === as && chatTakesMessages((await stateOf(ctx, part.facts, at)).state);
}

/** The conversation as the caller sees it, with what they have not read yet. */
async function conversationOf(ctx: ChatContext, user: User, id: string): Promise<ChatConversation> {
  const { db, now } = ctx;
  const { facts, as } = await chatPartOf(ctx, user, id);
  const { state, opensAt, followUpUntil } = await stateOf(ctx, facts, now());
  const messages = await listMessages(db, facts.id);
  return {
    appointmentId: facts.id,
    as,
    state,
    canWrite: canWriteChat(as, state),
    opensAt: opensAt.toISOString(),
    followUpUntil: followUpUntil?.toISOString() ?? null,
    doctorName: facts.doctorName,
    messages: messages.map((m) => toMessage(facts.id, m)),
    unread: isParty(as) ? await unreadCount(db, facts.id, user._id, otherOf(as)) : 0,
  };
}

/**
 * Before a stream starts: the caller's part (404), a chat that is open or in its follow-up (409:
 * nothing else can bring a message), then a place within the caps (429).
 */
async function openChatStream(
  ctx: ChatContext,
  caller: { user: User; sessionId: string },
  id: string,
  address: string,
): Promise<{ appointmentId: string; ticket: StreamTicket; stillAllowed: () => Promise<boolean> }> {
  const { hub, config } = ctx;
  const { facts, as } = await chatPartOf(ctx, caller.user, id);
  const { state } = await stateOf(ctx, facts, ctx.now());
  if (!chatTakesMessages(state)) throw new ConflictError(chatMessages[state]);
  const ticket = hub.admit(
    { userId: caller.user._id, appointmentId: facts.id, address },
    { perConversation: config.chatStreamsPerConversation, perClient: config.chatStreamsPerClient, total: config.chatStreamsTotal },
  );
  if (typeof ticket === 'string') throw new TooManyRequestsError(streamRefusals[ticket], streamRetrySeconds);
  return { appointmentId: facts.id, ticket, stillAllowed: () => streamAllowed(ctx, caller, facts.id, as) };
}

export function createChatService({
  db,
  now,
  hub,
  push = noPushQueue,
  config = defaultConsultationConfig,
}: {
  db: Database;
  now: () => Date;
  hub: ChatHub;
  /** A doctor's message also pushed to the patient's devices. */
  push?: PushQueue;
  config?: ConsultationConfig;
}) {
  const ctx: ChatContext = { db, now, hub, config, push };
  const partOf = (user: User, id: string): Promise<ChatPart> => chatPartOf(ctx, user, id);

  return {
    partOf,

    /** GET /appointment/{id}/chat. */
    conversation: (user: User, id: string): Promise<ChatConversation> => conversationOf(ctx, user, id),

    /** POST /appointment/{id}/chat/messages. */
    postText: async (user: User, id: string, text: string, clientId?: string) =>
      post(ctx, user, await writable(ctx, user, id), { text, ...(clientId ? { clientId } : {}) }),

    /**
     * POST /appointment/{id}/chat/photos: who, when and the quotas are checked before the bytes are
     * decoded (a stranger's upload, or one past a quota, costs no image work); the rate limit
     * counts the attempt. The quotas are counted again where the photo is stored (post).
     */
    async postPhoto(user: User, id: string, bytes: Buffer | undefined): Promise<ChatMessage> {
      const part = await writable(ctx, user, id);
      if (bytes && bytes.length > 0) await checkPhotoQuotas(ctx, db, user, part.facts.id, part.at);
      const photo = await reencodePhoto(bytes);
      return post(ctx, user, part, { text: '', photo });
    },

    /** GET /appointment/{id}/chat/photos/{photoId}. */
    async photo(user: User, id: string, photoId: string): Promise<{ contentType: string; data: Buffer }> {
      const { facts } = await partOf(user, id);
      const photo = await findPhoto(db, facts.id, photoId);
      if (!photo) throw new NotFoundError(chatMessages.photoNotFound);
      return photo;
    },

    /** POST /appointment/{id}/chat/read. */
    async read(user: User, id: string, upTo: string): Promise<{ unread: number }> {
      const { facts, as } = await partOf(user, id);
      if (!isParty(as)) throw new ForbiddenError(chatMessages.adminReadOnly);
      await markRead(db, facts.id, user._id, upTo);
      return { unread: await unreadCount(db, facts.id, user._id, otherOf(as)) };
    },

    /**
     * GET /appointment/{id}/chat/stream, before it starts (openChatStream). Answers the stream's
     * appointment and place, and the check it repeats while open.
     */
    openStream: (
      caller: { user: User; sessionId: string },
      id: string,
      address: string,
    ): Promise<{ appointmentId: string; ticket: StreamTicket; stillAllowed: () => Promise<boolean> }> => openChatStream(ctx, caller, id, address),

    /** The stream's page of messages after an id. */
    async after(appointmentId: string, after: string): Promise<ChatMessage[]> {
      return (await listMessages(db, appointmentId, after, 200)).map((m) => toMessage(appointmentId, m));
    },

    /** Unread counts of the caller's appointments, as patient or as doctor (absent: none). */
    unreadCounts: (appointmentIds: readonly string[], userId: string, readerRole: ChatRole) => unreadCounts(db, appointmentIds, userId, readerRole),
  };
}
export type ChatService = ReturnType<typeof createChatService>;
