/**
 * "My signature" (docs/records.md, "The doctor's signature image"): a doctor's own signature
 * image, drawn above their name on the prescription; admins choose the doctor ("Signatures").
 * It shows the one on file (or none), a chosen file's preview, Upload / Replace, Cancel and
 * Remove; a file refused (by its type or size here, or by the server) is said at the field.
 * The machines hold the flow (machines/signature); this renders them and sends events.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { selectChoiceDoctors, selectChoiceFailed, type DoctorChoiceActor } from '../../../machines/signature/doctorChoiceMachine';
import { signatureAccept } from '../../../machines/signature/signatureContext';
import {
  selectSignatureBusy,
  selectSignatureFailed,
  selectSignatureFile,
  selectSignatureImage,
  selectSignatureLoading,
  selectSignaturePreviewing,
  selectSignatureProblem,
  type SignatureActor,
} from '../../../machines/signature/signatureMachine';
import { useStaffMessages } from '../../i18n/staffMessages';
import { SelectField } from '../../ui/Field';
import type { StaffServices } from '../services';
import { useStaff } from '../StaffContext';
import { problemText, signatureOf, useDoctorChoiceActor, useSignatureActor } from './provider';
import type { SignatureServices } from './services';
import { AskAgain, useAskTrigger } from '../../ui/AskAgain';
import '../admin/admin.css';
import './signature.css';

export function SignatureSection({ services }: { readonly services: StaffServices }) {
  const { me } = useStaff();
  const texts = useStaffMessages().signature;
  const signature = signatureOf(services.signature);
  return (
    <div className="signature">
      <h1>{me.role === 'admin' ? texts.adminTitle : texts.title}</h1>
      <p className="signature__intro">{me.role === 'admin' ? texts.adminIntro : texts.intro}</p>
      {me.role === 'admin' ? (
        <AdminChoice services={signature} />
      ) : me.doctorId ? (
        <SignaturePanel services={signature} doctorId={me.doctorId} name={me.doctorName ?? me.email} />
      ) : null}
    </div>
  );
}

function AdminChoice({ services }: { readonly services: SignatureServices }) {
  const texts = useStaffMessages().signature;
  const actor: DoctorChoiceActor = useDoctorChoiceActor(services);
  const doctors = useSelector(actor, selectChoiceDoctors);
  const failed = useSelector(actor, selectChoiceFailed);
  const [chosen, setChosen] = useState<string>('');
  const doctorId = chosen || doctors[0]?._id || '';
  if (failed) {
    return (
      <div role="alert" className="staff-state">
        <p>{texts.doctorsFailed}</p>
        <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'doctors.retry' })}>
          {texts.tryAgain}
        </button>
      </div>
    );
  }
  const doctor = doctors.find((d) => d._id === doctorId);
  return (
    <>
      <SelectField look="admin" label={texts.doctor} value={doctorId} options={doctors.map((d) => ({ value: d._id, label: d.name }))} onValue={setChosen} />
      {doctor && <SignaturePanel key={doctor._id} services={services} doctorId={doctor._id} name={doctor.name} />}
    </>
  );
}

/** An object URL for a blob, revoked when it changes or the view goes. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

function SignaturePanel({ services, doctorId, name }: { readonly services: SignatureServices; readonly doctorId: string; readonly name: string }) {
  const texts = useStaffMessages().signature;
  const actor = useSignatureActor(services, doctorId);
  const image = useSelector(actor, selectSignatureImage);
  const loading = useSelector(actor, selectSignatureLoading);
  const failed = useSelector(actor, selectSignatureFailed);
  const headingId = useId();
  const imageUrl = useObjectUrl(image);
  if (failed) {
    return (
      <div role="alert" className="staff-state">
        <p>{texts.failed}</p>
        <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'signature.retry' })}>
          {texts.tryAgain}
        </button>
      </div>
    );
  }
  if (loading && !image) {
    return (
      <p role="status" className="staff-state">
        {texts.loading}
      </p>
    );
  }
  return (
    <section className="admin-section signature__panel" aria-labelledby={headingId} aria-busy={loading}>
      <h2 id={headingId}>{texts.current}</h2>
      {imageUrl ? (
        <img className="signature__image" src={imageUrl} alt={texts.imageAlt(name)} />
      ) : (
        <p className="signature__none">{texts.none}</p>
      )}
      <SignatureForm actor={actor} onFile={image !== null} />
    </section>
  );
}

/** Remove, asked once more: prescriptions made from then on show the name alone. */
function RemoveButton({ actor, busy }: { readonly actor: SignatureActor; readonly busy: boolean }) {
  const texts = useStaffMessages().signature;
  const [asking, setAsking] = useState(false);
  const trigger = useAskTrigger(asking);
  if (!asking) {
    return (
      <button ref={trigger} type="button" className="button button--outline" disabled={busy} onClick={() => setAsking(true)}>
        {busy ? texts.removing : texts.remove}
      </button>
    );
  }
  const remove = () => {
    setAsking(false);
    actor.send({ type: 'signature.remove' });
  };
  return <AskAgain label={texts.remove} question={texts.removeSure} yes={texts.removeYes} no={texts.removeNo} onYes={remove} onNo={() => setAsking(false)} />;
}

function SignatureForm({ actor, onFile }: { readonly actor: SignatureActor; readonly onFile: boolean }) {
  const texts = useStaffMessages().signature;
  const file = useSelector(actor, selectSignatureFile);
  const problem = useSelector(actor, selectSignatureProblem);
  const busy = useSelector(actor, selectSignatureBusy);
  // While the one on file is loaded again (after an upload) a file is not taken: the field waits too.
  const loading = useSelector(actor, selectSignatureLoading);
  const previewing = useSelector(actor, selectSignaturePreviewing);
  const previewUrl = useObjectUrl(file);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const error = problem ? problemText(problem) : null;
  // A file dropped or sent: the field is empty again, so the same file can be chosen once more.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);
  // A problem: the focus goes to the field that says it.
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);
  return (
    <div className="signature__form">
      <div className={`admin-field${error ? ' admin-field--invalid' : ''}`}>
        <label htmlFor={id} className="admin-field__label">
          {texts.file}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={signatureAccept}
          disabled={busy || loading}
          className="admin-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (chosen) actor.send({ type: 'file.choose', file: chosen });
          }}
        />
        <p id={`${id}-hint`} className="admin-field__hint">
          {texts.fileHint}
        </p>
        {error && (
          <p id={`${id}-error`} className="admin-field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      {previewing && previewUrl && (
        <figure className="signature__preview">
          <figcaption>{texts.previewHeading}</figcaption>
          <img className="signature__image" src={previewUrl} alt={texts.previewAlt} />
        </figure>
      )}
      <div className="signature__actions">
        {previewing && (
          <>
            <button type="button" className="button" disabled={busy} onClick={() => actor.send({ type: 'upload.send' })}>
              {busy ? texts.uploading : onFile ? texts.replace : texts.upload}
            </button>
            <button type="button" className="button button--outline" disabled={busy} onClick={() => actor.send({ type: 'upload.cancel' })}>
              {texts.cancel}
            </button>
          </>
        )}
        {onFile && !previewing && <RemoveButton actor={actor} busy={busy} />}
      </div>
    </div>
  );
}
