/**
 * /#/staff: the staff console, in its own lazily loaded chunk (patients never download
 * it). The route shows it once logged in (src/app/guarded/StaffRoute.tsx); here the server is
 * asked who the caller is as staff (GET /staff/me): a patient reads the server's refusal ('This
 * is for clinic staff only.'), no answer offers a retry, and staff get the console for their role
 * with StaffContext (./StaffContext.tsx) above every section.
 *
 * It has a frame of its own (./StaffFrame.tsx, given by its route: src/app/guarded/StaffRoute.tsx),
 * full width, without the public site's header, menu and footer: the console's bar says who is
 * signed in and signs out; staff are signed in with the same accounts as patients.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectToken } from '../../machines/session/selectors';
import {
  selectAccess,
  selectMe,
  selectRefusal,
  type StaffAccess as AccessOutcome,
} from '../../machines/staffConsole/staffAccessMachine';
import { SessionContext } from '../app/account';
import { usePageTitle } from '../app/usePageTitle';
import { useStaffMessages } from '../i18n/staffMessages';
import { adminSections as foundAdminSections, type AdminSection } from './admin/sections';
import { liveStaffServices } from './liveStaff';
import { useStaffAccessActor } from './provider';
import { useGivenStaffServices, type StaffServices } from './services';
import { StaffContext, type StaffCaller } from './StaffContext';
import { StaffShell } from './StaffShell';
import './Staff.css';

export interface StaffConsoleProps {
  /** The admin sections; by default those of ./admin/sections.tsx (tests give their own). */
  readonly adminSections?: ReadonlyArray<AdminSection>;
}

export default function StaffConsole({ adminSections = foundAdminSections }: StaffConsoleProps) {
  const token = SessionContext.useSelector(selectToken);
  const services = useGivenStaffServices() ?? liveStaffServices;
  // A new token (another login): a new check.
  return token ? <StaffAccess key={token} token={token} services={services} adminSections={adminSections} /> : null;
}

function StaffAccess({
  token,
  services,
  adminSections,
}: {
  token: string;
  services: StaffServices;
  adminSections: ReadonlyArray<AdminSection>;
}) {
  const actor = useStaffAccessActor(services, token);
  const access = useSelector(actor, selectAccess);
  const me = useSelector(actor, selectMe);
  const refusal = useSelector(actor, selectRefusal);

  const caller = useMemo<StaffCaller | null>(() => (me ? { me, token } : null), [me, token]);

  if ((access === 'admin' || access === 'doctor' || access === 'reception') && caller) {
    return (
      <StaffContext.Provider value={caller}>
        <StaffShell services={services} adminSections={access === 'admin' ? adminSections : []} />
      </StaffContext.Provider>
    );
  }
  return <AccessCheck access={access} refusal={refusal} onRetry={() => actor.send({ type: 'access.retry' })} />;
}

/**
 * Before (or instead of) the console: checking, refused, or no answer. Each section names the
 * page itself (StaffShell.tsx); this names it only while there is none.
 */
function AccessCheck({ access, refusal, onRetry }: { access: AccessOutcome; refusal: string | null; onRetry: () => void }) {
  const staff = useStaffMessages();
  const { console: texts } = staff;
  usePageTitle(texts.title);
  return (
    <div className="page container">
      <h1>{texts.title}</h1>
      {access === 'checking' && (
        <p role="status" className="staff-state">
          {texts.checking}
        </p>
      )}
      {access === 'notStaff' && <p className="notice staff-state">{refusal ?? texts.staffOnly}</p>}
      {access === 'failed' && (
        <div role="alert" className="staff-state">
          <p>{texts.unreachable}</p>
          <button type="button" className="button button--outline" onClick={onRetry}>
            {texts.tryAgain}
          </button>
        </div>
      )}
    </div>
  );
}
