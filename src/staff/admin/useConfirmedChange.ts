/**
 * Starts one confirmed-change machine (machines/staffAdmin/confirmedChangeMachine.ts) with the
 * call that makes the change, and turns what it emits into toasts, the session's expiry and
 * `onDone` (the list then loads again).
 */
import { useActorRef } from '@xstate/react';
import type { Either } from 'fp-ts/lib/Either.js';
import { useEffect, useRef, useState } from 'react';
import { confirmedChangeMachine, type ConfirmedChangeNotice } from '../../../machines/staffAdmin/confirmedChangeMachine';
import type { ApiFailure } from '../../api/client';
import { toast } from '../../components/Toast/toast';
import { staffAdminMessages } from '../../i18n/staffAdminMessages';
import { useStaff } from '../StaffContext';
import { call } from './actors';

function noticeText(notice: ConfirmedChangeNotice): string {
  return notice.kind === 'server' ? notice.text : staffAdminMessages.appointments.changeFailed;
}

export function useConfirmedChange(
  apply: (choice: string, token: string, signal: AbortSignal) => Promise<Either<ApiFailure, { message: string }>>,
  onDone: () => void,
  choice = '',
) {
  const { token, onSessionExpired } = useStaff();
  // The latest onDone, without starting the machine again when the caller's function changes.
  const done = useRef(onDone);
  done.current = onDone;
  const [logic] = useState(() =>
    confirmedChangeMachine.provide({
      actors: { applyChange: call((input: { token: string; choice: string }, signal) => apply(input.choice, input.token, signal)) },
    }),
  );
  const actor = useActorRef(logic, { input: { token, choice } });
  useEffect(() => {
    const subscriptions = [
      actor.on('notice', ({ tone, notice }) => (tone === 'success' ? toast.info(noticeText(notice)) : toast.error(noticeText(notice)))),
      actor.on('change.done', () => done.current()),
      actor.on('session.expired', () => onSessionExpired()),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor, onSessionExpired]);
  return actor;
}
