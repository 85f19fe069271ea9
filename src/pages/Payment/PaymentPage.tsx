/**
 * /payment (spec §2): reads `payUrl` and sends the browser there only when it is one of the
 * payment provider's checkout pages (GET /api/payment/config, checked by checkPayUrl); anything
 * else shows an error, never a redirect.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { checkPayUrl } from '../../../machines/paymentRedirect/payUrl';
import { useBookingServices } from '../../app/useBookingServices';
import { usePageTitle } from '../../app/usePageTitle';
import { Link } from '../../components/Link/Link';
import { useMessages } from '../../i18n/messages';

type State = 'checking' | 'leaving' | 'refused' | 'configFailed';

export default function PaymentPage() {
  const messages = useMessages();
  const { booking } = messages;
  usePageTitle(booking.paymentTitle);
  const [params] = useSearchParams();
  const payUrl = params.get('payUrl');
  const services = useBookingServices();
  const [state, setState] = useState<State>('checking');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState('checking');
    services.checkoutOrigins(controller.signal).then(
      (origins) => {
        if (controller.signal.aborted) return;
        const check = checkPayUrl(payUrl, origins);
        if (check.ok) {
          setState('leaving');
          services.leaveFor(check.url);
        } else {
          setState('refused');
        }
      },
      () => {
        if (!controller.signal.aborted) setState('configFailed');
      },
    );
    return () => controller.abort();
  }, [services, payUrl, attempt]);

  return (
    <div className="page container">
      <div className="prose">
        <h1>{booking.paymentTitle}</h1>
        {(state === 'checking' || state === 'leaving') && <p role="status">{booking.paymentRedirecting}</p>}
        {state === 'refused' && <p role="alert">{booking.paymentRefused}</p>}
        {state === 'configFailed' && (
          <p role="alert">
            {booking.paymentConfigFailed}{' '}
            <button type="button" className="button button--small" onClick={() => setAttempt((n) => n + 1)}>
              {booking.tryAgain}
            </button>
          </p>
        )}
        {(state === 'refused' || state === 'configFailed') && (
          <p>
            <Link to="/">{booking.backHome}</Link>
          </p>
        )}
      </div>
    </div>
  );
}
