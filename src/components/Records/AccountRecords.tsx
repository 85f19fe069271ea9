/**
 * /account's own-data section: "Download my data" (a zip of JSON and PDFs) and "Delete
 * my account" (paid appointments ahead first, what the clinic keeps and for how long, then a fresh
 * email code). Its flow is machines/records/accountRecordsMachine.ts; once the account is deleted
 * the session ends quietly and the page goes home with the goodbye as a toast.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  accountRecordsMachine,
  selectDeletion,
  selectDeletionError,
  selectDeletionStep,
  selectIsExporting,
  type DeletionCodeTo,
} from '../../../machines/records/accountRecordsMachine';
import { selectToken } from '../../../machines/session/selectors';
import { SessionContext } from '../../app/account';
import { liveAccountRecordsActors, offerDownload } from '../../app/liveRecords';
import { useProvidedActor } from '../../app/useProvidedActor';
import { getMessages, useMessages } from '../../i18n/messages';
import { formatClinicDate, formatClinicTime, formatPhone } from '../../format/format';
import { toast } from '../../ui/toast';
import './Records.css';

/** `user.role` is known once the whole profile is fetched: until then (just logged in) nothing shows. */
export default function AccountRecords({ user }: { user: { email: string | null; phoneNumber?: string | null; phoneVerified?: boolean; role?: string | undefined } }) {
  const token = SessionContext.useSelector(selectToken);
  if (!token || user.role !== 'patient') return null;
  // An account made by a mobile number may have no email: its code is texted to its verified number.
  const codeTo: DeletionCodeTo =
    user.email || !user.phoneNumber || user.phoneVerified !== true ? { kind: 'email', email: user.email ?? '' } : { kind: 'text', phone: user.phoneNumber };
  return <AccountRecordsSection key={token} token={token} codeTo={codeTo} />;
}

/** The section's machine, with the live calls and what its endings do to the session and page. */
function useAccountRecordsActor(token: string, codeTo: DeletionCodeTo) {
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  return useProvidedActor(
    () =>
      accountRecordsMachine.provide({
        actors: liveAccountRecordsActors,
        actions: {
          offerDownload: (_args, file) => offerDownload(file),
          notifyFailure: (_args, { text }) => toast.error(text || getMessages().records.dataFailed),
          accountDeleted: () => {
            toast.info(getMessages().records.deleted);
            session.send({ type: 'session.expired' });
            navigate('/');
          },
        },
      }),
    { input: { token, codeTo } },
  );
}

type AccountRecordsActor = ReturnType<typeof useAccountRecordsActor>;

/** The code (emailed, or texted) that confirms the deletion, with Delete and Cancel. */
function DeleteCodeForm({
  actor,
  codeTo,
  code,
  setCode,
  codeInput,
}: {
  actor: AccountRecordsActor;
  codeTo: DeletionCodeTo;
  code: string;
  setCode: (code: string) => void;
  codeInput: RefObject<HTMLInputElement | null>;
}) {
  const texts = useMessages().records;
  const step = useSelector(actor, selectDeletionStep);
  const error = useSelector(actor, selectDeletionError);
  const codeId = useId();
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'deletion.confirm', otp: code.trim() });
  };
  return (
    <form onSubmit={submit} noValidate>
      <p role="status">{codeTo.kind === 'email' ? texts.codeSent(codeTo.email) : texts.codeTexted(formatPhone(codeTo.phone))}</p>
      <div className="account-records__code">
        <label htmlFor={codeId}>{codeTo.kind === 'email' ? texts.codeLabel : texts.codeLabelTexted}</label>
        <input
          ref={codeInput}
          id={codeId}
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? errorId : undefined}
        />
        {error !== null && (
          <p id={errorId} className="account-records__error" role="alert">
            {error || texts.deleteFailed}
          </p>
        )}
      </div>
      <div className="account-records__actions">
        <button type="submit" className="button button--danger" disabled={step === 'Deleting' || code.length !== 6} aria-busy={step === 'Deleting'}>
          {step === 'Deleting' ? texts.deleting : texts.confirmDelete}
        </button>
        <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'deletion.cancel' })} disabled={step === 'Deleting'}>
          {texts.cancelDelete}
        </button>
      </div>
    </form>
  );
}

function AccountRecordsSection({ token, codeTo }: { token: string; codeTo: DeletionCodeTo }) {
  const texts = useMessages().records;
  const actor = useAccountRecordsActor(token, codeTo);
  const exporting = useSelector(actor, selectIsExporting);
  const deletion = useSelector(actor, selectDeletion);
  const step = useSelector(actor, selectDeletionStep);
  const error = useSelector(actor, selectDeletionError);
  const [code, setCode] = useState('');
  const codeInput = useRef<HTMLInputElement>(null);

  // The code field takes focus when the code is sent, and again after a refused code.
  useEffect(() => {
    if (step === 'CodeSent') codeInput.current?.focus();
  }, [step, error]);

  return (
    <div className="account-records">
      <section aria-labelledby="account-data-heading">
        <h2 id="account-data-heading">{texts.dataHeading}</h2>
        <p>{texts.dataIntro}</p>
        <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'data.export' })} disabled={exporting} aria-busy={exporting}>
          {exporting ? texts.preparingData : texts.downloadData}
        </button>
      </section>

      <section aria-labelledby="account-delete-heading">
        <h2 id="account-delete-heading">{texts.deleteHeading}</h2>
        {deletion && <p>{texts.deleteIntro(deletion.clinicalRetentionYears, deletion.paymentRetentionYears)}</p>}
        {step === 'Failed' && (
          <div role="alert">
            <p>{texts.deleteFailed}</p>
            <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'deletion.retry' })}>
              {texts.retry}
            </button>
          </div>
        )}
        {step === 'Blocked' && deletion && (
          <>
            <p>{texts.deleteBlocked}</p>
            <ul>
              {deletion.upcomingPaid.map((u) => (
                <li key={u._id}>{texts.upcomingLine(u.appointmentId, `${formatClinicDate(u.date)}, ${formatClinicTime(u.startTime)}`, u.doctorName)}</li>
              ))}
            </ul>
          </>
        )}
        {(step === 'Ready' || step === 'SendingCode') && (
          <>
            {error !== null && (
              <p className="account-records__error" role="alert">
                {error || texts.deleteFailed}
              </p>
            )}
            <button
              type="button"
              className="button button--outline"
              onClick={() => actor.send({ type: 'deletion.sendCode' })}
              disabled={step === 'SendingCode'}
              aria-busy={step === 'SendingCode'}
            >
              {codeTo.kind === 'email' ? texts.sendDeleteCode : texts.textDeleteCode}
            </button>
          </>
        )}
        {(step === 'CodeSent' || step === 'Deleting') && (
          <DeleteCodeForm actor={actor} codeTo={codeTo} code={code} setCode={setCode} codeInput={codeInput} />
        )}
      </section>
    </div>
  );
}
