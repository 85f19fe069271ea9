/**
 * The queue's live side: its settings' type and defaults. QUEUE_* and the "next but one" text
 * templates are read, and listed, in server/config/queue.ts (docs/operations.md, "The queue's
 * displays").
 */
import type { Language } from '../../contract/auth.js';

export interface QueueConfig {
  /** Open streams of one display link (TVs, tabs showing it), on each instance. */
  streamsPerDisplay: number;
  /** Open streams of the patient's live place per account, on each instance. */
  streamsPerAccount: number;
  /** Open queue streams from one client address, displays and patients together, on each instance. */
  streamsPerClient: number;
  /** Open queue streams an instance holds in all; never more than half its open-file limit. */
  streamsTotal: number;
  /** The "you are next but one" text's templates; a channel without one sends none. */
  templates: QueueTextTemplates;
}

export interface QueueTextTemplates {
  /** MSG91 Flow template ids per language (English always) of the text; null: no SMS for the queue. */
  sms: ({ en: string } & Partial<Record<Exclude<Language, 'en'>, string>>) | null;
  /** The WhatsApp template's name (in the languages of the reminders' template); null: none. */
  whatsapp: string | null;
}

export const defaultQueueConfig: QueueConfig = {
  streamsPerDisplay: 5,
  streamsPerAccount: 3,
  streamsPerClient: 50,
  streamsTotal: 2000,
  templates: { sms: null, whatsapp: null },
};
