/** Routes that later issues build (appointments, payments): an honest page, never a blank one. */
import { usePageTitle } from '../../app/usePageTitle';
import { Link } from '../../components/Link/Link';
import { clinic } from '../../content/clinic';
import { messages, useMessages } from '../../i18n/messages';

export type ComingSoonPart = 'myappointment' | 'paymentsuccess' | 'paymentfail' | 'payment';

const titles: Record<ComingSoonPart, string> = {
  myappointment: messages.soon.appointmentsTitle,
  paymentsuccess: messages.soon.paymentSuccessTitle,
  paymentfail: messages.soon.paymentFailTitle,
  payment: messages.soon.paymentTitle,
};

export default function ComingSoonPage({ part }: { part: ComingSoonPart }) {
  const messages = useMessages();
  usePageTitle(titles[part]);
  return (
    <div className="page container">
      <div className="prose">
        <h1>{titles[part]}</h1>
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
