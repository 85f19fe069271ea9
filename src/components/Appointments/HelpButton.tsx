/**
 * Help with a booked consultation (spec §1, §4 "Help request", §8), wired to the help machine:
 * the Help button offers chat (WhatsApp with 'Hello, I want help.' typed in), a call and an email
 * to the clinic (src/content/helpContacts.ts), or says why not as a toast: 'Please login.', 'You
 * have not booked any appointment', 'Your consultation type is not chat, video or call.'.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import { helpMachine, selectLinks } from '../../../machines/help/helpMachine';
import type { HelpContacts, HelpLinks } from '../../../machines/help/helpLinks';
import { helpContacts } from '../../content/helpContacts';
import { messages } from '../../i18n/messages';
import { Dialog } from '../Popup/Dialog';
import { toast } from '../Toast/toast';
import { useReturnFocus } from './useReturnFocus';
import { appointmentTexts as texts, helpNoticeText } from './texts';

type HelpAppointment = Pick<AppointmentRecord, 'consultationType' | 'appointmentStatus'>;

export interface HelpButtonProps {
  readonly isLoggedIn: boolean;
  readonly appointments: readonly HelpAppointment[];
  /** The clinic's configured contacts unless given (tests). */
  readonly contacts?: HelpContacts;
}

export function HelpButton({ isLoggedIn, appointments, contacts = helpContacts }: HelpButtonProps) {
  const [logic] = useState(() => helpMachine);
  const actor = useActorRef(logic, {
    input: { isLoggedIn, appointments, contacts, chatText: messages.spec.helpPrefill },
  });
  const links = useSelector(actor, selectLinks);

  useEffect(() => {
    const subscription = actor.on('notice', ({ notice }) => toast.error(helpNoticeText(notice)));
    return () => subscription.unsubscribe();
  }, [actor]);

  useEffect(() => {
    actor.send({ type: 'session.changed', isLoggedIn, appointments });
  }, [actor, isLoggedIn, appointments]);

  const close = () => actor.send({ type: 'help.close' });

  return (
    <>
      <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'help.request' })}>
        {texts.help}
      </button>
      {links && <HelpLinksDialog links={links} contacts={contacts} onClose={close} />}
    </>
  );
}

function HelpLinksDialog({ links, contacts, onClose }: { links: HelpLinks; contacts: HelpContacts; onClose: () => void }) {
  useReturnFocus();
  return (
    <Dialog title={texts.helpTitle} onClose={onClose}>
      <p>{texts.helpIntro}</p>
      <p className="help__links">
        {links.chat && (
          <a className="button button--primary" href={links.chat} target="_blank" rel="noopener noreferrer">
            {texts.helpChat} <span className="visually-hidden">{texts.opensInNewTab}</span>
          </a>
        )}
        {links.call && (
          <a className="button button--outline" href={links.call}>
            {texts.helpCall(contacts.callNumber)}
          </a>
        )}
        {links.email && (
          <a className="button button--outline" href={links.email}>
            {texts.helpEmail(contacts.email)}
          </a>
        )}
      </p>
    </Dialog>
  );
}
