/** Routes that later issues build (appointments, payments): an honest page, never a blank one. */
import { usePageTitle } from '../../app/usePageTitle';
import { Link } from '../../components/Link/Link';
import { clinic } from '../../content/clinic';
import { useMessages, type Messages } from '../../i18n/messages';

export type ComingSoonPart = 'myappointment' | 'paymentsuccess' | 'paymentfail' | 'payment';

const titleKeys = {
  myappointment: 'appointmentsTitle',
  paymentsuccess: 'paymentSuccessTitle',
  paymentfail: 'paymentFailTitle',
  payment: 'paymentTitle',
} as const satisfies Record<ComingSoonPart, keyof Messages['soon']>;

export default function ComingSoonPage({ part }: { part: ComingSoonPart }) {
  const messages = useMessages();
  const title = messages.soon[titleKeys[part]];
  usePageTitle(title);
  return (
    <div className="page container">
      <div className="prose">
        <h1>{title}</h1>
        <p className="page__lead">{messages.soon.body}</p>
        <p>{messages.soon.callUs(clinic.phone.display)}</p>
        <p>
          <a className="button button--primary" href={clinic.phone.href}>
            {messages.popup.callToBook(clinic.phone.display)}
          </a>
        </p>
        <p>
          <Link to="/">{messages.soon.backHome}</Link>
        </p>
      </div>
    </div>
  );
}
