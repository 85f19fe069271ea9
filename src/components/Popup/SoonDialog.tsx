/** The Login, Sign up and Book Appointment popups, until their flows arrive: honest, with a way to book now. */
import { clinic } from '../../content/clinic';
import { messages } from '../../i18n/messages';
import { Dialog } from './Dialog';
import type { PopupKind } from './popups';

const copy: Record<PopupKind, { title: string; body: string }> = {
  login: { title: messages.popup.loginTitle, body: messages.popup.loginBody },
  signup: { title: messages.popup.signUpTitle, body: messages.popup.signUpBody },
  booking: { title: messages.popup.bookingTitle, body: messages.popup.bookingBody },
};

export default function SoonDialog({ kind, onClose }: { kind: PopupKind; onClose: () => void }) {
  const { title, body } = copy[kind];
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{body}</p>
      <p className="dialog__actions">
        <a className="button button--primary" href={clinic.phone.href} data-autofocus>
          {messages.popup.callToBook(clinic.phone.display)}
        </a>
      </p>
      <p className="dialog__note">
        {messages.popup.orEmail} <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
      </p>
    </Dialog>
  );
}
