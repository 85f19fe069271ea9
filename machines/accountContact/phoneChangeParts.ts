/** The phone flow's context, events and checks (./phoneChangeMachine.ts holds the chart). */
import type { User } from '../../contract/auth.js';
import {
  codeProblem,
  mobileProblem,
  normalizeCode,
  passwordProblem,
  problemsOf,
  type ContactField,
  type ContactProblems,
} from './problems.js';

export type PhoneChangeInput = {
  token: string;
  /** The account has a password: the change is proven with it, or with a code to `accountEmail`. */
  needsProof: boolean;
  /** The account's email, for "send a code to my email instead"; null: only the password. */
  accountEmail: string | null;
};

/** How an account with a password proves the change. */
export type PhoneProof = 'password' | 'email';

export type PhoneChangeContext = PhoneChangeInput & {
  /** The number the code went to, as typed (trimmed). */
  phoneNumber: string;
  proof: PhoneProof;
  problems: ContactProblems;
  /** Grows each time problems are shown anew, so the view focuses the first. */
  problemsShown: number;
  canResend: boolean;
  canResendEmailCode: boolean;
  /** The request being saved (kept only while Saving). */
  pending: PhoneChangeFields | null;
};

export type PhoneChangeEvent =
  | { type: 'phone.start' }
  | { type: 'phone.cancel' }
  /** The person changed a field: its problem goes. */
  | { type: 'phone.edited'; field: ContactField }
  | { type: 'phone.send'; phoneNumber: string }
  | { type: 'phone.resend' }
  | { type: 'phone.changeNumber' }
  /** "Send a code to my email instead" of the password. */
  | { type: 'phone.useEmail' }
  | { type: 'phone.usePassword' }
  | { type: 'phone.resendEmailCode' }
  | { type: 'phone.confirm'; code: string; password?: string; emailCode?: string };

/** PUT /auth/phone's body as the form makes it (the server decodes it with PhoneChangeRequest). */
export type PhoneChangeFields = { phoneNumber: string; code: string; password?: string; emailCode?: string };

/** What the app provides: the calls, each rejecting with an ApiFailure. */
export type PhoneChangeCalls = {
  sendPhoneCode: { input: { phoneNumber: string; token: string }; output: unknown };
  sendEmailCode: { input: { email: string }; output: unknown };
  changePhone: { input: { request: PhoneChangeFields; token: string }; output: User };
};

type Confirm = Extract<PhoneChangeEvent, { type: 'phone.confirm' }>;

/** The problems of a confirm: the code, and the password or the email code when the account needs proof. */
export function confirmProblems(context: PhoneChangeContext, event: Confirm): ContactProblems {
  const proof = context.needsProof ? context.proof : null;
  return problemsOf({
    code: codeProblem(event.code),
    password: proof === 'password' ? passwordProblem(event.password) : undefined,
    emailCode: proof === 'email' ? codeProblem(event.emailCode) : undefined,
  });
}

export const numberProblems = (phoneNumber: string): ContactProblems => problemsOf({ phoneNumber: mobileProblem(phoneNumber) });

export function changeRequest(context: PhoneChangeContext, event: Confirm): PhoneChangeFields {
  const request: PhoneChangeFields = { phoneNumber: context.phoneNumber, code: normalizeCode(event.code) };
  if (!context.needsProof) return request;
  return context.proof === 'email' ? { ...request, emailCode: normalizeCode(event.emailCode) } : { ...request, password: event.password ?? '' };
}

/** The fields a 400 to PUT /auth/phone may name, shown on the code step. */
export const confirmFields: readonly ContactField[] = ['code', 'password', 'emailCode'];
