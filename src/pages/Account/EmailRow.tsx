/**
 * /account's "Email": the account's address or "No email yet", and Add or Change, which opens the
 * form in the row: the address, then the code emailed to it ("Verify and save"). The flow is the
 * email change machine's (machines/accountContact/emailChangeMachine.ts); this view only shows it.
 */
import { useSelector } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import {
  emailChangeMachine,
  selectEmailBusy,
  selectEmailProblems,
  selectEmailProblemsShown,
  selectEmailResend,
  selectEmailSentTo,
  selectEmailStep,
  type EmailChangeActor,
} from '../../../machines/accountContact/emailChangeMachine';
import type { ContactField } from '../../../machines/accountContact/problems';
import type { SessionUser } from '../../../machines/session/context';
import { inspect } from '../../app/inspect';
import { useProvidedActor } from '../../app/useProvidedActor';
import { useMessages } from '../../i18n/messages';
import { codeInputProps, ContactInput, ResendButton, tellContact, useContactFocus, useSessionSaved } from './contactParts';
import { useAccountContactServices } from './contactServices';

function useEmailActor(token: string) {
  const services = useAccountContactServices();
  const saved = useSessionSaved(token);
  return useProvidedActor(
    (latest) =>
      emailChangeMachine.provide({
        actors: services.email,
        actions: { notify: (_, { notice }) => tellContact(notice), saved: (_, { user: account }) => latest.current(account) },
      }),
    { input: { token }, inspect },
    saved,
  );
}

export function EmailRow({ user, token }: { user: SessionUser; token: string }) {
  const c = useMessages().accountContact;
  const actor = useEmailActor(token);
  const step = useSelector(actor, selectEmailStep);
  const problems = useSelector(actor, selectEmailProblems);
  const shown = useSelector(actor, selectEmailProblemsShown);
  const form = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useContactFocus(form, button, step, problems, shown);
  const [action, actionLabel] = user.email ? [c.change, c.changeEmail] : [c.add, c.addEmail];
  return (
    <div className="profile__row profile__row--contact">
      <dt>{c.emailLabel}</dt>
      <dd className="profile__email">{user.email ?? c.noEmail}</dd>
      <dd className="profile__action">
        {step === 'idle' && (
          <button ref={button} type="button" className="button button--outline" aria-label={actionLabel} onClick={() => actor.send({ type: 'email.start' })}>
            {action}
          </button>
        )}
      </dd>
      {step !== 'idle' && (
        <dd className="profile__form" ref={form}>
          {step === 'address' && <EmailAddressForm actor={actor} title={actionLabel} />}
          {step === 'code' && <EmailCodeForm actor={actor} title={actionLabel} />}
          {step === 'proven' && <EmailProven actor={actor} title={actionLabel} />}
        </dd>
      )}
    </div>
  );
}

function EmailAddressForm({ actor, title }: { actor: EmailChangeActor; title: string }) {
  const c = useMessages().accountContact;
  const base = useId();
  const busy = useSelector(actor, selectEmailBusy);
  const problems = useSelector(actor, selectEmailProblems);
  // Back from a refusal, the address that was refused.
  const [email, setEmail] = useState(useSelector(actor, selectEmailSentTo));
  return (
    <form noValidate onSubmit={(e) => (e.preventDefault(), actor.send({ type: 'email.send', email }))}>
      <fieldset className="people-form contact-form" disabled={busy}>
        <legend>{title}</legend>
        <ContactInput
          base={base}
          field="email"
          label={c.newEmail}
          hint={c.emailHint}
          problems={problems}
          onEdited={(field) => actor.send({ type: 'email.edited', field })}
          data-autofocus
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <p className="people-form__actions">
          <button type="submit" className="button button--primary">{busy ? c.sending : c.sendCode}</button>
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'email.cancel' })}>{c.cancel}</button>
        </p>
      </fieldset>
    </form>
  );
}

function EmailCodeForm({ actor, title }: { actor: EmailChangeActor; title: string }) {
  const c = useMessages().accountContact;
  const base = useId();
  const busy = useSelector(actor, selectEmailBusy);
  const problems = useSelector(actor, selectEmailProblems);
  const sentTo = useSelector(actor, selectEmailSentTo);
  const countdown = useSelector(actor, selectEmailResend);
  const ready = useSelector(actor, (s) => s.context.canResend);
  const [code, setCode] = useState('');
  const edited = (field: ContactField) => actor.send({ type: 'email.edited', field });
  return (
    <form noValidate onSubmit={(e) => (e.preventDefault(), actor.send({ type: 'email.validate', code }))}>
      <fieldset className="people-form contact-form" disabled={busy}>
        <legend>{title}</legend>
        <p className="contact-form__sent">{c.emailCodeSent(sentTo)}</p>
        <ContactInput base={base} field="code" label={c.emailCode} problems={problems} onEdited={edited} data-autofocus {...codeInputProps} value={code} onChange={(e) => setCode(e.target.value)} />
        <p className="people-form__actions">
          <button type="submit" className="button button--primary">{busy ? c.saving : c.verifyAndSave}</button>
          <ResendButton countdown={countdown} ready={ready} label={c.resend} labelIn={c.resendIn} onClick={() => actor.send({ type: 'email.resend' })} />
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'email.changeAddress' })}>{c.otherAddress}</button>
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'email.cancel' })}>{c.cancel}</button>
        </p>
      </fieldset>
    </form>
  );
}

/** Proven, but the save failed without an answer: Save again (the proof still stands). */
function EmailProven({ actor, title }: { actor: EmailChangeActor; title: string }) {
  const c = useMessages().accountContact;
  const busy = useSelector(actor, selectEmailBusy);
  return (
    <fieldset className="people-form contact-form" disabled={busy}>
      <legend>{title}</legend>
      <p className="contact-form__sent">{busy ? c.saving : c.notSavedYet}</p>
      <p className="people-form__actions">
        <button type="button" className="button button--primary" data-autofocus onClick={() => actor.send({ type: 'email.save' })}>{busy ? c.saving : c.saveAgain}</button>
        <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'email.cancel' })}>{c.cancel}</button>
      </p>
    </fieldset>
  );
}
