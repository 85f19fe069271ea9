/**
 * Help with a booked consultation (spec §1, §4 "Help request", §8), wired to the help machine:
 * the Help button offers chat (WhatsApp with 'Hello, I want help.' typed in), a call and an email
 * to the clinic, or says why not as a toast: 'Please login.', 'You have not booked any
 * appointment', 'Your consultation type is not chat, video or call.'. The numbers and the address
 * are the server's configuration (GET /api/site/contacts), loaded when the popup first opens.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { PromiseActorLogic } from 'xstate';
import type { AppointmentRecord } from '../../../contract/appointments';
import type { HelpContacts, HelpLinks } from '../../../machines/help/helpLinks';
import {
  selectContacts,
  selectContactsFailed,
  selectIsOpen,
  selectLinks,
} from '../../../machines/help/helpMachine';
import { useMessages } from '../../i18n/messages';
import { Dialog } from '../../ui/Dialog';
import { useHelpActor } from './helpProvider';
import { useReturnFocus } from './useReturnFocus';

// Read where used (the live binding), so a change of language shows at the next render.

type HelpAppointment = Pick<AppointmentRecord, 'consultationType' | 'appointmentStatus'>;

export interface HelpButtonProps {
  readonly isLoggedIn: boolean;
  /** The session's appointments. */
  readonly appointments: readonly HelpAppointment[];
  /** The clinic's help contacts (GET /api/site/contacts), rejecting with an ApiFailure. */
  readonly loadContacts: PromiseActorLogic<HelpContacts>;
}

export function HelpButton({ isLoggedIn, appointments, loadContacts }: HelpButtonProps) {
  const messages = useMessages();
  const actor = useHelpActor(loadContacts, { isLoggedIn, appointments, chatText: messages.spec.helpPrefill });
  const isOpen = useSelector(actor, selectIsOpen);
  const links = useSelector(actor, selectLinks);
  const contacts = useSelector(actor, selectContacts);
  const failed = useSelector(actor, selectContactsFailed);

  useEffect(() => {
    actor.send({ type: 'session.changed', isLoggedIn, appointments });
  }, [actor, isLoggedIn, appointments]);

  return (
    <>
      <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'help.request' })}>
        {messages.appointments.help}
      </button>
      {isOpen && (
        <HelpDialog
          links={links}
          contacts={contacts}
          failed={failed}
          onRetry={() => actor.send({ type: 'help.retry' })}
          onClose={() => actor.send({ type: 'help.close' })}
        />
      )}
    </>
  );
}

export interface HelpDialogProps {
  readonly links: HelpLinks | null;
  readonly contacts: HelpContacts | null;
  readonly failed: boolean;
  readonly onRetry: () => void;
  readonly onClose: () => void;
}

export function HelpDialog({ links, contacts, failed, onRetry, onClose }: HelpDialogProps) {
  const messages = useMessages();
  useReturnFocus();
  return (
    <Dialog title={messages.appointments.helpTitle} onClose={onClose}>
      <p>{messages.appointments.helpIntro}</p>
      {!links && !failed && <p role="status">{messages.appointments.helpLoading}</p>}
      {failed && (
        <p role="alert">
          {messages.spec.somethingWentWrong}{' '}
          <button type="button" className="button button--outline" onClick={onRetry}>
            {messages.appointments.tryAgain}
          </button>
        </p>
      )}
      {links && contacts && (
        <p className="help__links">
          {links.chat && (
            <a className="button button--primary" href={links.chat} target="_blank" rel="noopener noreferrer">
              {messages.appointments.helpChat} <span className="visually-hidden">{messages.appointments.opensInNewTab}</span>
            </a>
          )}
          {links.call && (
            <a className="button button--outline" href={links.call}>
              {messages.appointments.helpCall(contacts.callNumber)}
            </a>
          )}
          {links.email && (
            <a className="button button--outline" href={links.email}>
              {messages.appointments.helpEmail(contacts.email)}
            </a>
          )}
        </p>
      )}
    </Dialog>
  );
}
