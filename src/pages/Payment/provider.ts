/**
 * The payment result pages' provider (/paymentsuccess, /paymentfail): the payment result machine
 * with its calls (the booking services' `paymentResult`: src/app/liveBooking.ts, or a test's
 * fakes) and its effects as provided actions:
 * - `goHome`: '/' after the countdown, or /myappointment after a pharmacy order's payment;
 * - `reopenBooking`: the Book Appointment popup again, with the choices kept before paying
 *   (not for an order);
 * - `offerFile`: the calendar file as a download; `notify`: a toast when it could not be had.
 */
import { useNavigate } from 'react-router-dom';
import { readKeptBooking } from '../../../machines/booking/choices';
import type { PaymentResultInput } from '../../../machines/paymentResult/context';
import { paymentResultMachine } from '../../../machines/paymentResult/paymentResultMachine';
import type { PaymentResultServices } from '../../app/booking';
import { takeKeptBooking } from '../../app/useBookingServices';
import { useProvidedActor } from '../../app/useProvidedActor';
import { usePopup } from '../../components/Popup/popups';
import { toast } from '../../ui/toast';
import { messages } from '../../i18n/messages';

/** What the page's effects reach outside the machine. */
export interface PaymentResultPage {
  /** A pharmacy order's payment: the countdown ends on /myappointment, and no booking reopens. */
  readonly forOrder: boolean;
  readonly navigate: (to: string) => void;
  readonly reopenBooking: () => void;
}

export function providePaymentResult(services: PaymentResultServices, page: PaymentResultPage) {
  return paymentResultMachine.provide({
    actors: { checkPayment: services.checkPayment, downloadCalendar: services.downloadCalendar },
    actions: {
      goHome: () => page.navigate(page.forOrder ? '/myappointment' : '/'),
      reopenBooking: () => {
        if (!page.forOrder) page.reopenBooking();
      },
      offerFile: (_, { file }) => services.offerDownload(file),
      notify: (_, { notice }) => toast.error(notice.kind === 'server' ? notice.text : messages.appointments.calendarFailed),
    },
  });
}

/** The page's machine, one per address (PaymentResultPage keys it by the query). */
export function usePaymentResultActor(services: PaymentResultServices, input: PaymentResultInput) {
  const navigate = useNavigate();
  const popup = usePopup();
  return useProvidedActor(
    (latest) =>
      providePaymentResult(services, {
        forOrder: input.forOrder ?? false,
        navigate: (to) => latest.current.navigate(to),
        reopenBooking: () => latest.current.popup.open('booking', { previous: readKeptBooking(takeKeptBooking()) }),
      }),
    { input },
    { navigate, popup },
  );
}
