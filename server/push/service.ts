/**
 * Web Push's subscriptions (docs/app.md "Web Push"): a patient's device asks for reminders with
 * its PushSubscription, kept with the login it came with (logging that device out removes it);
 * another account's device is taken over (the endpoint is a secret only the device knows).
 */
import type { PushChoices, PushSubscriptionRequest } from '../../contract/push.js';
import type { Database } from '../db/database.js';
import { badField, ConflictError, ForbiddenError, NotFoundError } from '../services/errors.js';
import type { AuthenticatedUser } from '../services/sessions.js';
import { isAllowedPushService, type PushConfig } from './config.js';
import { pushMessages } from './messages.js';
import { deleteSubscription, findPushChoices, savePushChoices, saveSubscription } from './repository.js';

const unpadded = (text: string) => text.replace(/=+$/, '');

function assertPatient(caller: AuthenticatedUser): void {
  if (caller.user.role !== 'patient') throw new ForbiddenError(pushMessages.patientsOnly);
}

export function createPushService({ db, now, config }: { db: Database; now: () => Date; config: PushConfig }) {
  return {
    /** The public VAPID key browsers subscribe with; null: no Web Push. */
    publicKey: (): string | null => config.vapid?.publicKey ?? null,
    async subscribe(caller: AuthenticatedUser, body: PushSubscriptionRequest): Promise<{ message: string }> {
      assertPatient(caller);
      if (config.vapid === null) throw new ConflictError(pushMessages.off);
      if (!isAllowedPushService(config.vapid.pushHosts, body.endpoint)) throw badField('endpoint', pushMessages.unknownService, pushMessages.unknownService);
      await saveSubscription(db, {
        userId: caller.user._id,
        sessionId: caller.sessionId,
        endpoint: body.endpoint,
        p256dh: unpadded(body.keys.p256dh),
        auth: unpadded(body.keys.auth),
        now: now(),
      });
      return { message: pushMessages.subscribed };
    },
    async unsubscribe(caller: AuthenticatedUser, endpoint: string): Promise<{ message: string }> {
      assertPatient(caller);
      if (!(await deleteSubscription(db, caller.user._id, endpoint))) throw new NotFoundError(pushMessages.notFound);
      return { message: pushMessages.unsubscribed };
    },
    /** The account's kinds of notification (for all its devices). */
    async choices(caller: AuthenticatedUser): Promise<PushChoices> {
      assertPatient(caller);
      return findPushChoices(db, caller.user._id);
    },
    async saveChoices(caller: AuthenticatedUser, choices: PushChoices): Promise<PushChoices> {
      assertPatient(caller);
      const kept = { reminders: choices.reminders, chat: choices.chat, payments: choices.payments, queue: choices.queue };
      await savePushChoices(db, caller.user._id, kept, now());
      return kept;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
