/**
 * Help from anywhere: the footer's and the profile menu's Help opens this popup (its
 * own lazy chunk, see Popup/popups.tsx), which asks the help machine as My appointments' Help
 * button does: logged out, 'Please login.'; no appointment, or only clinic visits, the spec's
 * words (all as toasts, and the popup closes); otherwise chat, call and email. It waits for the
 * stored login to be checked and the appointments to load, so it never says "no appointment"
 * before it knows.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { selectContacts, selectContactsFailed, selectIsOpen, selectLinks } from '../../../machines/help/helpMachine';
import { useAppointmentsList, useSession } from '../../app/account';
import { liveAppointmentsServices } from '../../app/liveAppointments';
import { useMessages } from '../../i18n/messages';
import { HelpDialog } from './HelpButton';
import { useHelpActor } from './helpProvider';
import { useGivenAppointmentsServices } from './services';
import './Appointments.css';

export default function HelpPopup({ onClose }: { onClose: () => void }) {
  const messages = useMessages();
  const { isLoggedIn, isChecking } = useSession();
  const { status, appointments } = useAppointmentsList();
  const services = useGivenAppointmentsServices() ?? liveAppointmentsServices;
  const actor = useHelpActor(services.actors.loadHelpContacts, { isLoggedIn, appointments, chatText: messages.spec.helpPrefill });
  const isOpen = useSelector(actor, selectIsOpen);
  const links = useSelector(actor, selectLinks);
  const contacts = useSelector(actor, selectContacts);
  const failed = useSelector(actor, selectContactsFailed);
  const asked = useRef(false);
  const latest = useRef(onClose);
  latest.current = onClose;
  // Known enough to answer: logged out, or logged in with the list loaded (or failed to load).
  const known = !isChecking && (!isLoggedIn || status !== 'loading');

  useEffect(() => {
    actor.send({ type: 'session.changed', isLoggedIn, appointments });
  }, [actor, isLoggedIn, appointments]);

  useEffect(() => {
    if (!known || asked.current) return;
    asked.current = true;
    actor.send({ type: 'help.request' });
    // Not offered: the toast says why, and there is nothing to show.
    if (!selectIsOpen(actor.getSnapshot())) latest.current();
  }, [actor, known]);

  // Closed from inside (Close, Escape, logout): the popup goes.
  useEffect(() => {
    if (asked.current && !selectIsOpen(actor.getSnapshot())) latest.current();
  }, [actor, isOpen]);

  if (!isOpen) return null;
  return (
    <HelpDialog
      links={links}
      contacts={contacts}
      failed={failed}
      onRetry={() => actor.send({ type: 'help.retry' })}
      onClose={() => actor.send({ type: 'help.close' })}
    />
  );
}
