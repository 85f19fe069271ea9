/** The Book Appointment popup, until the booking flow arrives: honest, with a way to book now. */
import { clinic } from '../../content/clinic';
import { messages } from '../../i18n/messages';
import { Dialog } from './Dialog';

/** The popups that still say "opens soon". */
export type SoonKind = 'booking';

const copy: Record<SoonKind, { title: string; body: string }> = {
  booking: { title: messages.popup.bookingTitle, body: messages.popup.bookingBody },
};

export default function SoonDialog({ kind, onClose }: { kind: SoonKind; onClose: () => void }) {
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
