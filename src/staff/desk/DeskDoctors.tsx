/**
 * The front desk's sections start once the doctors are known (./provider.ts useDeskDoctors):
 * loading, a failure with Try again, "no doctor yet", then the section with the doctors.
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { DeskDoctor } from '../../../machines/desk/desk';
import { selectItems, selectListStatus } from '../../../machines/staffAdmin/adminListSelectors';
import { useDeskMessages } from '../../i18n/deskMessages';
import { LoadState } from '../parts';
import type { StaffServices } from '../services';
import { useDeskDoctors } from './provider';
import '../admin/admin.css';

export function WithDeskDoctors({ services, children }: { readonly services: StaffServices; readonly children: (doctors: readonly DeskDoctor[]) => ReactNode }) {
  const texts = useDeskMessages().doctors;
  const list = useDeskDoctors(services);
  const status = useSelector(list, selectListStatus);
  const doctors = useSelector(list, selectItems<DeskDoctor>);
  if (status === 'ready') return children(doctors);
  return (
    <LoadState
      status={status}
      loadingText={texts.loading}
      failureText={texts.failed}
      emptyText={texts.none}
      onRetry={() => list.send({ type: 'list.retry' })}
    />
  );
}
