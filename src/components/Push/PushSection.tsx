/**
 * /account's "Notifications on this phone" (machines/pushDevice): this device's switch (the
 * browser asks for permission, subscribes, the server keeps it; off: the server forgets it and the
 * browser unsubscribes), and the kinds the account's devices get, each saved as it is turned.
 * Plain words for a browser without Web Push and for a refused permission (how to allow it again);
 * nothing at all when the clinic sends no notifications (no VAPID keys).
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { pushKinds } from '../../../contract/push';
import {
  pushDeviceMachine,
  selectDevice,
  selectPushBusy,
  selectPushChoices,
  selectPushStatus,
  type PushNotice,
} from '../../../machines/pushDevice/pushDeviceMachine';
import { inspect } from '../../app/inspect';
import { usePushServices } from '../../app/livePush';
import { useProvidedActor } from '../../app/useProvidedActor';
import { usePushMessages, type PushMessages } from '../../i18n/pushMessages';
import { toast } from '../../ui/toast';
import '../People/People.css';

function noticeText(words: PushMessages, notice: PushNotice): string {
  switch (notice.kind) {
    case 'on':
      return words.turnedOn;
    case 'off':
      return words.turnedOff;
    case 'saved':
      return words.saved;
    case 'denied':
      return words.denied;
    case 'dismissed':
      return words.dismissed;
    case 'failed':
      return notice.text ?? words.failed;
  }
}

export function PushSection({ token }: { token: string }) {
  const words = usePushMessages();
  const services = usePushServices();
  const actor = useProvidedActor(
    (latest) =>
      pushDeviceMachine.provide({
        actors: services,
        actions: {
          notify: (_, { tone, notice }) => (tone === 'success' ? toast.info : toast.error)(noticeText(latest.current, notice)),
        },
      }),
    { input: { token }, inspect },
    words,
  );
  const status = useSelector(actor, selectPushStatus);
  const busy = useSelector(actor, selectPushBusy);
  const device = useSelector(actor, selectDevice);
  const choices = useSelector(actor, selectPushChoices);
  const base = useId();
  if (status === 'hidden') return null;

  const deviceHint = device === 'unsupported' ? words.unsupported : device === 'denied' ? words.denied : device === 'on' ? words.deviceOn : words.deviceOff;
  return (
    <section className="people-section" aria-labelledby={`${base}-heading`}>
      <h2 id={`${base}-heading`}>{words.heading}</h2>
      <p>{words.intro}</p>
      {status === 'loading' && <p role="status">{words.loading}</p>}
      {status === 'failed' && (
        <p role="alert">
          {words.loadFailed}{' '}
          <button type="button" className="button button--small" onClick={() => actor.send({ type: 'push.retry' })}>
            {words.tryAgain}
          </button>
        </p>
      )}
      {status === 'ready' && (
        <div className="people-form reminder-switches" aria-busy={busy}>
          {device === 'unsupported' ? (
            <p id={`${base}-device-hint`}>{deviceHint}</p>
          ) : (
            <div className="reminder-switch">
              <input
                id={`${base}-device`}
                type="checkbox"
                role="switch"
                checked={device === 'on'}
                disabled={busy}
                aria-describedby={`${base}-device-hint`}
                onChange={(e) => actor.send({ type: 'push.device', on: e.target.checked })}
              />
              <label htmlFor={`${base}-device`}>{words.device}</label>
              <p id={`${base}-device-hint`} className="people-field__hint reminder-switch__hint" role={device === 'denied' ? 'note' : undefined}>
                {deviceHint}
              </p>
            </div>
          )}
          {choices && (
            <fieldset className="reminder-switches" disabled={busy}>
              <legend>{words.kindsLegend}</legend>
              {pushKinds.map((kind) => (
                <div className="reminder-switch" key={kind}>
                  <input
                    id={`${base}-${kind}`}
                    type="checkbox"
                    role="switch"
                    checked={choices[kind]}
                    onChange={(e) => actor.send({ type: 'push.kind', kind, on: e.target.checked })}
                  />
                  <label htmlFor={`${base}-${kind}`}>{words.kinds[kind]}</label>
                </div>
              ))}
            </fieldset>
          )}
        </div>
      )}
    </section>
  );
}
