/**
 * Chat consultations (issue 13): the private conversation of a Chat appointment.
 *
 * Who: the appointment's patient and its doctor read and write; admins read (audit) and cannot
 * write (403); anybody else, and any appointment that is not a Chat, gets 404.
 * When (ChatState, contract/chat.ts): open from JOIN_OPENS_MINUTES_BEFORE before the start until
 * the doctor completes the consultation; then open for follow-up questions for
 * CHAT_FOLLOWUP_HOURS after the completion (the audit log's first appointment.completed); then
 * read-only. Never writable when cancelled or unpaid.
 * Photos: JPEG, PNG, WebP (and HEIC where the server's libvips decodes it), up to 10 MB,
 * recognised by their bytes (never by name or content type), re-encoded to JPEG by sharp (which
 * drops EXIF, GPS and every other metadata; the EXIF orientation is applied first).
 * Rate limit: CHAT_MESSAGES_PER_MINUTE per person, all conversations together, counted in the
 * database (repositories/rateLimits.ts), so every instance counts the same.
 */
import type { User } from '../../contract/auth.js';
import { type ChatConversation, type ChatMessage, type ChatState, chatPhotoMaxBytes } from '../../contract/chat.js';
import type { ChatHub } from '../chat/hub.js';
import { type ConsultationConfig, defaultConsultationConfig } from '../consultation/config.js';
import type { Database } from '../db/database.js';
import {
  type ChatMessageRow,
  type ChatRole,
  completedAt,
  findPhoto,
  insertMessage,
  insertPhoto,
  listMessages,
  markRead,
  unreadCount,
  unreadCounts,
} from '../repositories/chat.js';
import type { ConsultationFacts } from '../repositories/consultations.js';
import { hit } from '../repositories/rateLimits.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from './errors.js';
import { consultationPartOf, joinWindow } from './consultations.js';
import { secondsUntil } from './limits.js';

// sharp (libvips) is loaded with the first photo, not at the server's start (issue 17's start and
// memory figures: about 20 MB and 0.25 s most processes never need).
const loadSharp = async () => (await import('sharp')).default;

export const chatMessages = {
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
} as const;

const minuteMs = 60_000;
const hourMs = 3_600_000;
/** Photos larger than this (either side) are scaled down: plenty for a skin complaint. */
const maxPhotoSide = 2560;

export type ChatPart = { facts: ConsultationFacts; as: ChatRole | 'admin' };

/** 'ftyp' at offset 4 and a HEIF brand: a HEIC/HEIF file from a phone, whatever its name says. */
export function looksLikeHeic(bytes: Buffer): boolean {
  if (bytes.length < 12 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  return ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(bytes.toString('latin1', 8, 12));
}

const photoError = (message: string) => new BadRequestError(message, [{ field: 'photo', message }]);

/** The photo, re-encoded: a JPEG without metadata, turned upright, at most maxPhotoSide. */
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
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: 60_000_000 })
      .rotate()
      .resize({ width: maxPhotoSide, height: maxPhotoSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw photoError(heic ? chatMessages.heicUnsupported : chatMessages.notAnImage);
  }
}

export function createChatService({
  db,
  now,
  hub,
  config = defaultConsultationConfig,
}: {
  db: Database;
  now: () => Date;
  hub: ChatHub;
  config?: ConsultationConfig;
}) {
  /** Only a Chat appointment has a chat: 404 for the other types as for strangers. */
  const partOf = (user: User, id: string): Promise<ChatPart> =>
    consultationPartOf(db, user, id, (facts) => facts.consultationType === 'Chat', chatMessages.notFound);

  async function stateOf(facts: ConsultationFacts, at: Date): Promise<{ state: ChatState; opensAt: Date; followUpUntil: Date | null }> {
    const { opensAt } = joinWindow(facts, config);
    if (facts.status === 'Cancelled' || facts.paymentStatus !== 'paid') return { state: 'unavailable', opensAt, followUpUntil: null };
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
  async function writable(user: User, id: string): Promise<ChatPart & { as: ChatRole; at: Date }> {
    const part = await partOf(user, id);
    if (part.as === 'admin') throw new ForbiddenError(chatMessages.adminReadOnly);
    const at = now();
    const { state } = await stateOf(part.facts, at);
    if (state === 'unavailable') throw new ConflictError(chatMessages.unavailable);
    if (state === 'upcoming') throw new ConflictError(chatMessages.upcoming);
    if (state === 'readonly') throw new ConflictError(chatMessages.readonly);
    const limit = await hit(db, `chat:${user._id}`, at, minuteMs);
    if (limit.hits > config.chatMessagesPerMinute) throw new TooManyRequestsError(chatMessages.tooMany, secondsUntil(limit.windowEnds, at));
    return { ...part, as: part.as, at };
  }

  async function post(
    user: User,
    { facts, as, at }: ChatPart & { as: ChatRole; at: Date },
    content: { text: string; photo?: { data: Buffer; width: number; height: number } },
  ): Promise<ChatMessage> {
    const message = await db.transaction(async (tx) => {
      const photoId = content.photo
        ? await insertPhoto(tx, { appointmentId: facts.id, contentType: 'image/jpeg', ...content.photo }, at)
        : null;
      const m = await insertMessage(tx, { appointmentId: facts.id, senderUserId: user._id, senderRole: as, text: content.text, photoId }, at);
      // The sender has read their own conversation up to their message.
      await markRead(tx, facts.id, user._id, m.id);
      await hub.announce(tx, facts.id, m.id);
      return m;
    });
    return toMessage(facts.id, message);
  }

  return {
    partOf,

    /** GET /appointment/{id}/chat. */
    async conversation(user: User, id: string): Promise<ChatConversation> {
      const { facts, as } = await partOf(user, id);
      const { state, opensAt, followUpUntil } = await stateOf(facts, now());
      const messages = await listMessages(db, facts.id);
      return {
        appointmentId: facts.id,
        as,
        state,
        canWrite: as !== 'admin' && (state === 'open' || state === 'followup'),
        opensAt: opensAt.toISOString(),
        followUpUntil: followUpUntil?.toISOString() ?? null,
        doctorName: facts.doctorName,
        messages: messages.map((m) => toMessage(facts.id, m)),
        unread: as === 'admin' ? 0 : await unreadCount(db, facts.id, user._id, otherOf(as)),
      };
    },

    /** POST /appointment/{id}/chat/messages. */
    postText: async (user: User, id: string, text: string) => post(user, await writable(user, id), { text }),

    /**
     * POST /appointment/{id}/chat/photos: who and when are checked before the bytes are decoded
     * (a stranger's upload costs no image work); the rate limit counts the attempt.
     */
    async postPhoto(user: User, id: string, bytes: Buffer | undefined): Promise<ChatMessage> {
      const part = await writable(user, id);
      const photo = await reencodePhoto(bytes);
      return post(user, part, { text: '', photo });
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
      if (as === 'admin') throw new ForbiddenError(chatMessages.adminReadOnly);
      await markRead(db, facts.id, user._id, upTo);
      return { unread: await unreadCount(db, facts.id, user._id, otherOf(as)) };
    },

    /** The stream's page of messages after an id. */
    async after(appointmentId: string, after: string): Promise<ChatMessage[]> {
      return (await listMessages(db, appointmentId, after, 200)).map((m) => toMessage(appointmentId, m));
    },

    /** Unread counts of the caller's appointments, as patient or as doctor (absent: none). */
    unreadCounts: (appointmentIds: readonly string[], userId: string, readerRole: ChatRole) => unreadCounts(db, appointmentIds, userId, readerRole),
  };
}
export type ChatService = ReturnType<typeof createChatService>;
