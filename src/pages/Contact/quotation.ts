/**
 * The quotation form's rules, as pure functions: it checks the fields and builds a mailto: link.
 * It sends nothing itself (spec §2: the form "does not function"); the visitor's email app does.
 */
import { clinic } from '../../content/clinic';
import { messages } from '../../i18n/messages';

export interface QuotationFields {
  name: string;
  phone: string;
  email: string;
  message: string;
}

export type QuotationErrors = Partial<Record<keyof QuotationFields, string>>;

export const emptyQuotation: QuotationFields = { name: '', phone: '', email: '', message: '' };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// An Indian number: 10 digits, optionally after +91 or 0; spaces and dashes allowed.
const phonePattern = /^(\+91|0)?[1-9]\d{9}$/;

export function validateQuotation(fields: QuotationFields): QuotationErrors {
  const errors: QuotationErrors = {};
  if (fields.name.trim() === '') errors.name = messages.quotation.nameRequired;
  if (!phonePattern.test(fields.phone.replace(/[\s-]/g, ''))) errors.phone = messages.quotation.phoneInvalid;
  if (!emailPattern.test(fields.email.trim())) errors.email = messages.quotation.emailInvalid;
  if (fields.message.trim().length < 10) errors.message = messages.quotation.messageTooShort;
  return errors;
}

export function quotationMailto(fields: QuotationFields): string {
  const trimmed = {
    name: fields.name.trim(),
    phone: fields.phone.trim(),
    email: fields.email.trim(),
    message: fields.message.trim(),
  };
  const subject = encodeURIComponent(messages.quotation.emailSubject(trimmed.name));
  const body = encodeURIComponent(messages.quotation.emailBody(trimmed));
  return `mailto:${clinic.email}?subject=${subject}&body=${body}`;
}
