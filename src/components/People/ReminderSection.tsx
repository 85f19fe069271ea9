/**
 * /account's Appointment reminders: a switch per channel the clinic has (email always;
 * SMS and WhatsApp only when set up), each saved as it is turned (PUT /auth/reminders). Booking
 * confirmations go by email whatever is chosen here (an account without an email is told they reach
 * it once it adds one). Each switch says where its reminders go: the
 * account's email, or the phone number given with each appointment (the texts' number).
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { SessionUser } from '../../../machines/session/context';
import {
  reminderChannelsMachine,
  selectReminderChannels,
  selectReminderOffered,
  selectReminderStatus,
  selectRemindersBusy,
  type ReminderChannel,
} from '../../../machines/people/reminderChannelsMachine';
import { inspect } from '../../app/inspect';
import { usePeopleServices } from '../../app/livePeople';
import { useProvidedActor } from '../../app/useProvidedActor';
import { useMessages, messages as liveMessages } from '../../i18n/messages';
import { toast } from '../../ui/toast';
import './People.css';

export function ReminderSection({ user, token }: { user: SessionUser; token: string }) {
  const { people, mobile } = useMessages();
  const services = usePeopleServices();
  const actor = useProvidedActor(
    () =>
      reminderChannelsMachine.provide({
        actors: services.reminders,
        actions: {
          notify: (_, { tone, notice }) => {
            if (tone === 'success') toast.info(liveMessages.people.remindersSaved);
            else toast.error(notice.kind === 'failed' ? (notice.text ?? liveMessages.people.saveFailed) : liveMessages.people.saveFailed);
          },
        },
      }),
    { input: { token }, inspect },
  );
  const status = useSelector(actor, selectReminderStatus);
  const busy = useSelector(actor, selectRemindersBusy);
  const channels = useSelector(actor, selectReminderChannels);
  const offered = useSelector(actor, selectReminderOffered);
  const base = useId();
  const labels: Record<ReminderChannel, string> = { email: people.reminderEmail, sms: people.reminderSms, whatsapp: people.reminderWhatsapp };
  const hint = (channel: ReminderChannel) => (channel === 'email' ? (user.email ?? mobile.noEmailYet) : people.reminderPhone);

  return (
    <section className="people-section" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading">{people.remindersHeading}</h2>
      <p>{user.email === null ? people.remindersIntroNoEmail : people.remindersIntro}</p>
      {status === 'loading' && <p role="status">{people.remindersLoading}</p>}
      {status === 'failed' && (
        <p role="alert">
          {people.remindersFailed}{' '}
          <button type="button" className="button button--small" onClick={() => actor.send({ type: 'reminders.retry' })}>
            {people.tryAgain}
          </button>
        </p>
      )}
      {status === 'ready' && channels && (
        <fieldset className="people-form reminder-switches" aria-busy={busy} disabled={busy}>
          <legend>{people.remindersLegend}</legend>
          {offered.map((channel) => (
            <div className="reminder-switch" key={channel}>
              <input
                id={`${base}-${channel}`}
                type="checkbox"
                role="switch"
                checked={channels[channel]}
                aria-describedby={`${base}-${channel}-hint`}
                onChange={(e) => actor.send({ type: 'reminders.set', channel, on: e.target.checked })}
              />
              <label htmlFor={`${base}-${channel}`}>{labels[channel]}</label>
              <p id={`${base}-${channel}-hint`} className="people-field__hint reminder-switch__hint">
                {hint(channel)}
              </p>
            </div>
          ))}
        </fieldset>
      )}
    </section>
  );
}
