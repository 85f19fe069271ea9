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
  /** The account has a password, which proves the change. */
  hasPassword: boolean;
  /** The account's email, to which a code proving the change can go; null: none. */
  accountEmail: string | null;
  /** The account's current verified number, to which a code proving the change can go; null: none. */
  currentPhone: string | null;
};

/**
 * How the account proves the change (PhoneChangeRequest): its password, a code to its email, a
 * code to its current verified number, or nothing when it has none of these.
 */
export type PhoneProof = 'password' | 'email' | 'phone' | 'none';

/** The proof first asked for: the password, else the current number's code, else the email's. */
export function firstProof(input: Pick<PhoneChangeInput, 'hasPassword' | 'accountEmail' | 'currentPhone'>): PhoneProof {
  if (input.hasPassword) return 'password';
  if (input.currentPhone !== null) return 'phone';
  return input.accountEmail !== null ? 'email' : 'none';
}

export type PhoneChangeContext = PhoneChangeInput & {
  /** The number the code went to, as typed (trimmed). */
  phoneNumber: string;
  proof: PhoneProof;
  /** The code of an 'email' or 'phone' proof is on its way (sent since the flow started). */
  proofCodeSent: boolean;
  problems: ContactProblems;
  /** Grows each time problems are shown anew, so the view focuses the first. */
  problemsShown: number;
  canResend: boolean;
  canResendProofCode: boolean;
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
  /** Prove the change with a code to the account's email instead. */
  | { type: 'phone.useEmail' }
  /** Prove it with a code to the account's current number instead. */
  | { type: 'phone.useCurrentPhone' }
  | { type: 'phone.usePassword' }
  /** That proof's code again, once its countdown is over. */
  | { type: 'phone.resendProofCode' }
  | { type: 'phone.confirm'; code: string; password?: string; emailCode?: string; currentCode?: string };

/** PUT /auth/phone's body as the form makes it (the server decodes it with PhoneChangeRequest). */
export type PhoneChangeFields = { phoneNumber: string; code: string; password?: string; emailCode?: string; currentCode?: string };

/** What the app provides: the calls, each rejecting with an ApiFailure. */
export type PhoneChangeCalls = {
  sendPhoneCode: { input: { phoneNumber: string; token: string }; output: unknown };
  sendEmailCode: { input: { email: string }; output: unknown };
  sendCurrentPhoneCode: { input: { token: string }; output: unknown };
  changePhone: { input: { request: PhoneChangeFields; token: string }; output: User };
};

type Confirm = Extract<PhoneChangeEvent, { type: 'phone.confirm' }>;

/** The problems of a confirm: the code, and the proof's field (the password, or its code). */
export function confirmProblems(context: PhoneChangeContext, event: Confirm): ContactProblems {
  const proof = context.proof;
  return problemsOf({
    code: codeProblem(event.code),
    password: proof === 'password' ? passwordProblem(event.password) : undefined,
    emailCode: proof === 'email' ? codeProblem(event.emailCode) : undefined,
    currentCode: proof === 'phone' ? codeProblem(event.currentCode) : undefined,
  });
}

export const numberProblems = (phoneNumber: string): ContactProblems => problemsOf({ phoneNumber: mobileProblem(phoneNumber) });

export function changeRequest(context: PhoneChangeContext, event: Confirm): PhoneChangeFields {
  const request: PhoneChangeFields = { phoneNumber: context.phoneNumber, code: normalizeCode(event.code) };
  switch (context.proof) {
    case 'password':
      return { ...request, password: event.password ?? '' };
    case 'email':
      return { ...request, emailCode: normalizeCode(event.emailCode) };
    case 'phone':
      return { ...request, currentCode: normalizeCode(event.currentCode) };
    case 'none':
      return request;
  }
}

/** The fields a 400 to PUT /auth/phone may name, shown on the code step. */
export const confirmFields: readonly ContactField[] = ['code', 'password', 'emailCode', 'currentCode'];
