/**
 * /account's "Mobile number": the number with "verified" or "not verified" (or "No mobile number
 * yet"), and Add, Verify or Change, which opens the form in the row: the number, then its code
 * and the account's proof (its password, or a code to its email or its current number). The flow is the phone change
 * machine's (machines/accountContact/phoneChangeMachine.ts); this view only shows it.
 */
import { useSelector } from '@xstate/react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import {
  phoneChangeMachine,
  selectOtherProofs,
  selectPhoneBusy,
  selectPhoneNumberSent,
  selectPhoneProblems,
  selectPhoneProblemsShown,
  selectPhoneProof,
  selectPhoneResend,
  selectPhoneStep,
  selectProofCodeResend,
  type PhoneChangeActor,
} from '../../../machines/accountContact/phoneChangeMachine';
import type { ContactField } from '../../../machines/accountContact/problems';
import type { SessionUser } from '../../../machines/session/context';
import { inspect } from '../../app/inspect';
import { useProvidedActor } from '../../app/useProvidedActor';
import { formatPhone } from '../../format/format';
import { useMessages } from '../../i18n/messages';
import { codeInputProps, ContactInput, ResendButton, tellContact, useContactFocus, useSessionSaved } from './contactParts';
import { useAccountContactServices } from './contactServices';

function usePhoneActor(user: SessionUser, token: string) {
  const services = useAccountContactServices();
  const saved = useSessionSaved(token);
  return useProvidedActor(
    (latest) =>
      phoneChangeMachine.provide({
        actors: services.phone,
        actions: { notify: (_, { notice }) => tellContact(notice), saved: (_, { user: account }) => latest.current(account) },
      }),
    {
      input: {
        token,
        hasPassword: user.hasPassword !== false,
        accountEmail: user.email ?? null,
        currentPhone: user.phoneNumber && user.phoneVerified === true ? user.phoneNumber : null,
      },
      inspect,
    },
    saved,
  );
}

export function PhoneRow({ user, token }: { user: SessionUser; token: string }) {
  const c = useMessages().accountContact;
  const actor = usePhoneActor(user, token);
  const step = useSelector(actor, selectPhoneStep);
  const problems = useSelector(actor, selectPhoneProblems);
  const shown = useSelector(actor, selectPhoneProblemsShown);
  const form = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useContactFocus(form, button, step, problems, shown);
  const verified = Boolean(user.phoneNumber) && user.phoneVerified === true;
  const [action, actionLabel] = !user.phoneNumber ? [c.add, c.addPhone] : verified ? [c.change, c.changePhone] : [c.verify, c.verifyPhone];
  return (
    <div className="profile__row profile__row--contact">
      <dt>{c.phoneLabel}</dt>
      <dd className="profile__phone">
        {user.phoneNumber ? (
          <>
            {formatPhone(user.phoneNumber)}{' '}
            <span className={verified ? 'contact-status contact-status--verified' : 'contact-status'}>{verified ? c.verified : c.notVerified}</span>
          </>
        ) : (
          c.noPhone
        )}
      </dd>
      <dd className="profile__action">
        {step === 'idle' && (
          <button ref={button} type="button" className="button button--outline" aria-label={actionLabel} onClick={() => actor.send({ type: 'phone.start' })}>
            {action}
          </button>
        )}
      </dd>
      {step !== 'idle' && (
        <dd className="profile__form" ref={form}>
          {step === 'number' ? <PhoneNumberForm actor={actor} title={actionLabel} current={verified ? '' : (user.phoneNumber ?? '')} /> : <PhoneCodeForm actor={actor} title={actionLabel} toldByEmail={verified && Boolean(user.email)} />}
        </dd>
      )}
    </div>
  );
}

/** The number to send a code to; an unverified number is there already, to verify it as it is. */
function PhoneNumberForm({ actor, title, current }: { actor: PhoneChangeActor; title: string; current: string }) {
  const c = useMessages().accountContact;
  const base = useId();
  const busy = useSelector(actor, selectPhoneBusy);
  const problems = useSelector(actor, selectPhoneProblems);
  // Back from a refusal, the number that was refused; else the account's unverified one.
  const refused = useSelector(actor, selectPhoneNumberSent);
  const [phoneNumber, setPhoneNumber] = useState(refused || current);
  return (
    <form noValidate onSubmit={(e) => (e.preventDefault(), actor.send({ type: 'phone.send', phoneNumber }))}>
      <fieldset className="people-form contact-form" disabled={busy}>
        <legend>{title}</legend>
        <ContactInput
          base={base}
          field="phoneNumber"
          label={c.newPhone}
          hint={c.phoneHint}
          problems={problems}
          onEdited={(field) => actor.send({ type: 'phone.edited', field })}
          data-autofocus
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          value={phoneNumber}
          onChange={(e) => setPhoneNumber(e.target.value)}
        />
        <p className="people-form__actions">
          <button type="submit" className="button button--primary">{busy ? c.sending : c.sendCode}</button>
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'phone.cancel' })}>{c.cancel}</button>
        </p>
      </fieldset>
    </form>
  );
}

/** The code, with the account's proof: the password, or the code sent to its email or its current number. */
function PhoneCodeForm({ actor, title, toldByEmail }: { actor: PhoneChangeActor; title: string; toldByEmail: boolean }) {
  const c = useMessages().accountContact;
  const base = useId();
  const busy = useSelector(actor, selectPhoneBusy);
  const problems = useSelector(actor, selectPhoneProblems);
  const proof = useSelector(actor, selectPhoneProof);
  const sentTo = useSelector(actor, selectPhoneNumberSent);
  const countdown = useSelector(actor, selectPhoneResend);
  const ready = useSelector(actor, (s) => s.context.canResend);
  const [fields, setFields] = useState({ code: '', password: '', emailCode: '', currentCode: '' });
  const edited = (field: ContactField) => actor.send({ type: 'phone.edited', field });
  const typed = (field: keyof typeof fields) => ({
    value: fields[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setFields((f) => ({ ...f, [field]: e.target.value })),
  });
  return (
    <form noValidate onSubmit={(e) => (e.preventDefault(), actor.send({ type: 'phone.confirm', ...fields }))}>
      <fieldset className="people-form contact-form" disabled={busy}>
        <legend>{title}</legend>
        <p className="contact-form__sent">{c.phoneCodeSent(formatPhone(sentTo))}</p>
        <ContactInput base={base} field="code" label={c.phoneCode} problems={problems} onEdited={edited} data-autofocus {...codeInputProps} {...typed('code')} />
        {proof === 'password' && (
          <ContactInput base={base} field="password" label={c.password} hint={c.passwordHint} problems={problems} onEdited={edited} type="password" autoComplete="current-password" {...typed('password')} />
        )}
        {proof === 'email' && <ContactInput base={base} field="emailCode" label={c.emailCode} problems={problems} onEdited={edited} {...codeInputProps} autoComplete="off" {...typed('emailCode')} />}
        {proof === 'phone' && <ContactInput base={base} field="currentCode" label={c.currentCode} problems={problems} onEdited={edited} {...codeInputProps} autoComplete="off" {...typed('currentCode')} />}
        <ProofSwitch actor={actor} proof={proof} />
        {toldByEmail && <p className="people-field__hint">{c.oldNumberTold}</p>}
        <p className="people-form__actions">
          {proof !== 'unsent' && <button type="submit" className="button button--primary">{busy ? c.saving : c.save}</button>}
          <ResendButton countdown={countdown} ready={ready} label={c.resend} labelIn={c.resendIn} onClick={() => actor.send({ type: 'phone.resend' })} />
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'phone.changeNumber' })}>{c.otherNumber}</button>
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'phone.cancel' })}>{c.cancel}</button>
        </p>
      </fieldset>
    </form>
  );
}

/**
 * The other proofs the account has ("Send a code to my email instead", "... to my current number
 * instead", "Use my password instead"), and the proof's code again after its countdown; when that
 * code could not be sent, sending it again.
 */
function ProofSwitch({ actor, proof }: { actor: PhoneChangeActor; proof: 'none' | 'password' | 'email' | 'phone' | 'unsent' }) {
  const c = useMessages().accountContact;
  const others = useSelector(actor, selectOtherProofs);
  const countdown = useSelector(actor, selectProofCodeResend);
  const ready = useSelector(actor, (s) => s.context.canResendProofCode);
  const byCode = proof === 'email' || proof === 'phone';
  if (!others.password && !others.email && !others.phone && !byCode && proof !== 'unsent') return null;
  return (
    <p className="contact-form__switch">
      {proof === 'unsent' && (
        <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'phone.resendProofCode' })}>{c.sendProofCode}</button>
      )}
      {others.phone && <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'phone.useCurrentPhone' })}>{c.useCurrentPhoneInstead}</button>}
      {others.email && <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'phone.useEmail' })}>{c.useEmailInstead}</button>}
      {others.password && <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'phone.usePassword' })}>{c.usePasswordInstead}</button>}
      {byCode && (
        <ResendButton
          countdown={countdown}
          ready={ready}
          label={proof === 'email' ? c.resendEmailCode : c.resendCurrentCode}
          labelIn={proof === 'email' ? c.resendEmailCodeIn : c.resendCurrentCodeIn}
          onClick={() => actor.send({ type: 'phone.resendProofCode' })}
        />
      )}
    </p>
  );
}
