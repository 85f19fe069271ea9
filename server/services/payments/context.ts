/** What the payment service's parts share: its dependencies, the observer given, and amounts in paise. */
import type { ServiceObserver } from '../../ops/metrics.js';
import type { RefundQueue } from '../../refunds/queue.js';
import type { PaymentServiceDeps } from './service.js';

export type PaymentContext = PaymentServiceDeps & { observer: Pick<ServiceObserver, 'payment'>; refunds: RefundQueue };
