/**
 * Every API endpoint, one table per area (contract/endpoint.ts says what an endpoint is).
 * `allEndpoints` lists them all: tests/unit/endpoints.test.ts checks that the server registers
 * exactly these under /api, besides the pages and redirects it names.
 */
import type { AnyEndpoint } from '../endpoint.js';
import { abdmEndpoints } from './abdm.js';
import { appointmentEndpoints, paymentEndpoints, slotEndpoints } from './appointments.js';
import { authEndpoints, otpEndpoints } from './auth.js';
import { chatEndpoints } from './chat.js';
import { consultationEndpoints } from './consultations.js';
import { deskEndpoints } from './desk.js';
import { dispensaryEndpoints } from './dispensary.js';
import { displayEndpoints } from './display.js';
import { followUpEndpoints } from './followUps.js';
import { insightsEndpoints } from './insights.js';
import { mobileEndpoints } from './mobile.js';
import { peopleEndpoints } from './people.js';
import { pushEndpoints } from './push.js';
import { recordEndpoints } from './records.js';
import { signatureEndpoints } from './signatures.js';
import { doctorEndpoints, siteEndpoints } from './site.js';
import { staffEndpoints } from './staff.js';
import { staffAdminEndpoints } from './staffAdmin.js';
import { verifyEndpoints } from './verify.js';
import { waitlistEndpoints } from './waitlist.js';

export * from '../endpoint.js';
export { abdmEndpoints } from './abdm.js';
export { appointmentEndpoints, paymentEndpoints, slotEndpoints } from './appointments.js';
export { authEndpoints, otpEndpoints } from './auth.js';
export { chatEndpoints } from './chat.js';
export { consultationEndpoints } from './consultations.js';
export { deskEndpoints } from './desk.js';
export { dispensaryEndpoints } from './dispensary.js';
export { displayEndpoints } from './display.js';
export { followUpEndpoints } from './followUps.js';
export { insightsEndpoints } from './insights.js';
export { mobileEndpoints } from './mobile.js';
export { peopleEndpoints } from './people.js';
export { pushEndpoints } from './push.js';
export { recordDocuments, recordEndpoints } from './records.js';
export { signatureEndpoints } from './signatures.js';
export { doctorEndpoints, siteEndpoints } from './site.js';
export { staffEndpoints } from './staff.js';
export { staffAdminEndpoints } from './staffAdmin.js';
export { verifyEndpoints } from './verify.js';
export { waitlistEndpoints } from './waitlist.js';

/** The endpoints of a table, its nested tables' (the admin's site content) included. */
function endpointsOf(table: object): AnyEndpoint[] {
  return Object.values(table).flatMap((value: unknown) =>
    value !== null && typeof value === 'object' && 'method' in value && 'path' in value ? [value as AnyEndpoint] : endpointsOf(value as object),
  );
}

export const allEndpoints: readonly AnyEndpoint[] = [
  appointmentEndpoints,
  slotEndpoints,
  paymentEndpoints,
  authEndpoints,
  otpEndpoints,
  mobileEndpoints,
  peopleEndpoints,
  siteEndpoints,
  doctorEndpoints,
  recordEndpoints,
  consultationEndpoints,
  chatEndpoints,
  staffEndpoints,
  staffAdminEndpoints,
  signatureEndpoints,
  deskEndpoints,
  dispensaryEndpoints,
  displayEndpoints,
  waitlistEndpoints,
  verifyEndpoints,
  followUpEndpoints,
  insightsEndpoints,
  abdmEndpoints,
  pushEndpoints,
].flatMap(endpointsOf);
