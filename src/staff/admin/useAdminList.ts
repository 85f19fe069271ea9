/**
 * Starts one admin list machine (machines/staffAdmin/adminListMachine.ts) with the given calls and
 * the staff caller's token, and turns what it emits into toasts and the session's expiry.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { AdminListMachine, AdminListNotice, Draft, ListItem } from '../../../machines/staffAdmin/adminListMachine';
import { toast } from '../../components/Toast/toast';
import { staffAdminMessages } from '../../i18n/staffAdminMessages';
import { useStaff } from '../StaffContext';

type Implementations<Item extends ListItem> = Parameters<AdminListMachine<Item>['provide']>[0];

export function listNoticeText(notice: AdminListNotice): string {
  const { common } = staffAdminMessages;
  switch (notice.kind) {
    case 'server':
      return notice.text;
    case 'saved':
      return common.saved;
    case 'deleted':
      return common.deleted;
    case 'loadFailed':
      return common.loadFailed;
    case 'saveFailed':
      return common.saveFailed;
    case 'deleteFailed':
      return common.deleteFailed;
    case 'reorderFailed':
      return common.reorderFailed;
    case 'checkFields':
      return common.checkFields;
  }
}

export function useAdminList<Item extends ListItem>(
  machine: AdminListMachine<Item>,
  actors: Implementations<Item>['actors'],
  query?: Draft,
) {
  const { token, onSessionExpired } = useStaff();
  const [logic] = useState(() => machine.provide({ actors }));
  const actor = useActorRef(logic, { input: { token, ...(query ? { query } : {}) } });
  useEffect(() => {
    const subscriptions = [
      actor.on('notice', ({ tone, notice }) =>
        tone === 'success' ? toast.info(listNoticeText(notice)) : toast.error(listNoticeText(notice)),
      ),
      actor.on('session.expired', () => onSessionExpired()),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor, onSessionExpired]);
  return actor;
}
