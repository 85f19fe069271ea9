/**
 * Starts one confirmed-change machine (machines/staffAdmin/confirmedChangeMachine.ts) with the
 * call that makes the change, and turns what it emits into toasts, the session's expiry and
 * `onDone` (a list then loads again; a page showing the appointment takes the record the server
 * answered, or null when the call answers none, e.g. a doctor's).
 */
import { useActorRef } from '@xstate/react';
import type { Either } from 'fp-ts/lib/Either.js';
import type { AppointmentRecord } from '../../../contract/appointments';
import { useEffect, useRef, useState } from 'react';
import { confirmedChangeMachine, type ConfirmedChangeNotice } from '../../../machines/staffAdmin/confirmedChangeMachine';
import type { ApiFailure } from '../../api/client';
import { toast } from '../../components/Toast/toast';
import { staffAdminMessages } from '../../i18n/staffAdminMessages';
import { useStaff } from '../StaffContext';
import { fromApi } from '../../app/fromApi';

function noticeText(notice: ConfirmedChangeNotice): string {
  return notice.kind === 'server' ? notice.text : staffAdminMessages.appointments.changeFailed;
}

export function useConfirmedChange(
  apply: (choice: string, token: string, signal: AbortSignal) => Promise<Either<ApiFailure, { message: string; appointment?: AppointmentRecord }>>,
  onDone: (appointment: AppointmentRecord | null) => void,
  choice = '',
) {
  const { token, onSessionExpired } = useStaff();
  // The latest onDone, without starting the machine again when the caller's function changes.
  const done = useRef(onDone);
  done.current = onDone;
  const [logic] = useState(() =>
    confirmedChangeMachine.provide({
      actors: {
        applyChange: fromApi(
          (input: { token: string; choice: string }, signal) => apply(input.choice, input.token, signal),
          // Only the words and the appointment go on: other answers' records (a doctor) are the list's to load.
          (answer) => ({ message: answer.message, appointment: answer.appointment ?? null }),
        ),
      },
    }),
  );
  const actor = useActorRef(logic, { input: { token, choice } });
  useEffect(() => {
    const subscriptions = [
      actor.on('notice', ({ tone, notice }) => (tone === 'success' ? toast.info(noticeText(notice)) : toast.error(noticeText(notice)))),
      actor.on('change.done', ({ appointment }) => done.current(appointment)),
      actor.on('session.expired', () => onSessionExpired()),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor, onSessionExpired]);
  return actor;
}
