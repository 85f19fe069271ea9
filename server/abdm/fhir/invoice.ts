/**
 * InvoiceRecord: the receipt of a consultation's fee as a FHIR document: an Invoice (the receipt
 * number, the amount paid in rupees) with one ChargeItem, the consultation (ndhm-billing-codes 00).
 * A payment owed back is a cancelled invoice. The pharmacy order's receipt is not made yet.
 */
import type { Bundle, ChargeItem, Invoice, Money } from '@medplum/fhirtypes';
import { billingCodes, compositionTypes, priceComponentCodes, profiles } from './profiles.js';
import { clinicDateTime, clinicIso, compositionOf, documentBundle, type FhirSource, partiesOf, patientName, ref, resourceId } from './resources.js';

/** The settled payment a receipt is of: its receipt number, amount (rupees), when, and whether owed back. */
export interface InvoicedPayment {
  receiptNumber: string;
  amount: number;
  paidAt: Date;
  reference: string;
  refunded: boolean;
}

export function invoiceRecord(s: FhirSource, payment: InvoicedPayment): Bundle {
  const a = s.appointment;
  const all = partiesOf(s);
  const { patient, practitioner, organization, encounter } = all;
  const inr: Money = { value: payment.amount, currency: 'INR' };
  const chargeItem: ChargeItem = {
    resourceType: 'ChargeItem',
    id: resourceId(a.id, 'charge:fee'),
    meta: { profile: [profiles.ChargeItem] },
    status: 'billed',
    code: { coding: [billingCodes.consultation], text: billingCodes.consultation.display },
    subject: ref(patient),
    context: ref(encounter),
    occurrenceDateTime: clinicDateTime(a.date, a.startTime),
    performer: [{ actor: ref(practitioner, a.doctor.name) }],
    quantity: { value: 1 },
    productCodeableConcept: { text: a.consultationType },
  };
  const invoice: Invoice = {
    resourceType: 'Invoice',
    id: resourceId(a.id, 'invoice:fee'),
    meta: { profile: [profiles.Invoice] },
    identifier: [{ system: `${s.publicUrl}/receipts`, value: payment.receiptNumber }],
    status: payment.refunded ? 'cancelled' : 'balanced',
    ...(payment.refunded ? { cancelledReason: 'refund' } : {}),
    type: { coding: [billingCodes.consultation], text: billingCodes.consultation.display },
    subject: ref(patient, patientName(a)),
    date: clinicIso(payment.paidAt),
    participant: [{ actor: ref(practitioner, a.doctor.name) }],
    issuer: ref(organization, s.clinic.name),
    lineItem: [
      {
        sequence: 1,
        chargeItemReference: ref(chargeItem),
        priceComponent: [{ type: 'base', code: { coding: [priceComponentCodes.rate] }, amount: inr }],
      },
    ],
    totalNet: inr,
    totalGross: inr,
    paymentTerms: payment.reference,
  };
  const composition = compositionOf(s, all, {
    name: 'invoice',
    profile: profiles.InvoiceRecord,
    type: { text: compositionTypes.InvoiceRecord.text },
    date: clinicIso(payment.paidAt),
    author: [ref(organization, s.clinic.name)],
    title: 'Invoice Record',
    section: [{ title: 'Consultation invoice', entry: [ref(invoice)] }],
  });
  return documentBundle(s, `invoice/${payment.receiptNumber}`, '1', [composition, patient, practitioner, organization, encounter, invoice, chargeItem]);
}
