/**
 * A patient's ABHA (machines/abha/abhaMachine.ts): the number (as the card prints it) and the
 * address on file, how they came, Remove; Add / Change opens the form with both fields, each
 * problem at its field, and the card's QR: "Scan with the camera" (a photo, the phone's camera
 * through the file picker's capture) or "Choose a picture", read at once and saved when it is an
 * ABHA card's. Used on /account (the patient's own, in the site's language) and at the desk (a
 * patient's, in the console's English): `texts` and `actor` say which.
 */
import { useSelector } from '@xstate/react';
import { useId, useRef, type ReactNode } from 'react';
import { formatAbhaNumber } from '../../../contract/abdm';
import { abhaFields, type AbhaField } from '../../../machines/abha/context';
import {
  selectAbha,
  selectAbhaBusy,
  selectAbhaDraft,
  selectAbhaEditing,
  selectAbhaErrors,
  selectAbhaFailed,
  selectAbhaLoading,
  selectQrProblem,
  type AbhaActor,
} from '../../../machines/abha/abhaMachine';
import type { Messages } from '../../i18n/messages';
import { Field } from '../../ui/Field';
import './Abha.css';

export type AbhaTexts = Messages['abha'];

/** The two picture inputs: the camera's (capture) and a chosen file. */
function QrPickers({ actor, texts, problem, disabled }: { actor: AbhaActor; texts: AbhaTexts; problem: string | undefined; disabled: boolean }) {
  const base = useId();
  const camera = useRef<HTMLInputElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const picked = (input: HTMLInputElement | null) => {
    const image = input?.files?.[0];
    if (input) input.value = '';
    if (image) actor.send({ type: 'abha.scan', image });
  };
  return (
    <div className="abha__scan">
      <input ref={camera} id={`${base}-camera`} className="visually-hidden" type="file" accept="image/*" capture="environment" tabIndex={-1} aria-hidden="true" onChange={() => picked(camera.current)} />
      <button type="button" className="button button--outline" disabled={disabled} onClick={() => camera.current?.click()}>
        {texts.scanCamera}
      </button>
      <label className="button button--outline abha__file">
        {texts.scanFile}
        <input ref={file} className="visually-hidden" type="file" accept="image/*" data-field="abhaQr" disabled={disabled} aria-describedby={problem ? `${base}-qr-error` : undefined} onChange={() => picked(file.current)} />
      </label>
      {problem && (
        <p id={`${base}-qr-error`} className="people-field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

function AbhaForm({ actor, texts }: { actor: AbhaActor; texts: AbhaTexts }) {
  const base = useId();
  const draft = useSelector(actor, selectAbhaDraft);
  const errors = useSelector(actor, selectAbhaErrors);
  const busy = useSelector(actor, selectAbhaBusy);
  const qrProblem = useSelector(actor, selectQrProblem);
  const labels: Record<AbhaField, string> = { abhaNumber: texts.number, abhaAddress: texts.address };
  const hints: Record<AbhaField, string> = { abhaNumber: texts.numberHint, abhaAddress: texts.addressHint };
  const problemOf = (field: AbhaField) => (errors[field] === undefined ? undefined : texts.fieldError(labels[field], errors[field]!));
  return (
    <fieldset className="people-form abha__form" disabled={busy}>
      <legend>{texts.title}</legend>
      <QrPickers actor={actor} texts={texts} disabled={busy} problem={qrProblem === null ? undefined : qrProblem === 'notAbha' ? texts.qrNotAbha : texts.qrUnreadable} />
      <div className="people-form__grid">
        {abhaFields.map((field) => (
          <Field key={field} look="people" id={`${base}-${field}`} field={field} label={labels[field]} hint={hints[field]} error={problemOf(field)}>
            {(p) => (
              <input
                {...p}
                inputMode={field === 'abhaNumber' ? 'numeric' : 'email'}
                autoComplete="off"
                spellCheck={false}
                value={draft[field]}
                onChange={(e) => actor.send({ type: 'abha.change', field, value: e.target.value })}
              />
            )}
          </Field>
        ))}
      </div>
      <p className="people-form__actions">
        <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'abha.save' })}>
          {busy ? texts.busy : texts.save}
        </button>
        <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'abha.cancel' })}>
          {texts.cancel}
        </button>
      </p>
    </fieldset>
  );
}

/** The ABHA on file, or none. */
function AbhaOnFile({ actor, texts }: { actor: AbhaActor; texts: AbhaTexts }) {
  const abha = useSelector(actor, selectAbha);
  const busy = useSelector(actor, selectAbhaBusy);
  const row = (label: string, value: ReactNode) => (
    <div className="profile__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <>
      {abha ? (
        <>
          <dl className="profile abha__facts">
            {abha.abhaNumber !== null && row(texts.number, <span className="abha__number">{formatAbhaNumber(abha.abhaNumber)}</span>)}
            {abha.abhaAddress !== null && row(texts.address, abha.abhaAddress)}
          </dl>
          <p className="people-field__hint abha__source">{abha.source === 'qr' ? texts.fromQr : texts.typed}</p>
        </>
      ) : (
        <p>{texts.none}</p>
      )}
      <p className="people-form__actions">
        <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'abha.edit' })}>
          {abha ? texts.change : texts.add}
        </button>
        {abha && (
          <button type="button" className="button button--outline" disabled={busy} onClick={() => actor.send({ type: 'abha.remove' })}>
            {texts.remove}
          </button>
        )}
      </p>
    </>
  );
}

export function AbhaSection({ actor, texts, intro, headingLevel = 2 }: { actor: AbhaActor; texts: AbhaTexts; intro: string; headingLevel?: 2 | 3 }) {
  const loading = useSelector(actor, selectAbhaLoading);
  const failed = useSelector(actor, selectAbhaFailed);
  const editing = useSelector(actor, selectAbhaEditing);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="people-section abha" aria-busy={loading || undefined}>
      <Heading>{texts.title}</Heading>
      <p className="page__lead">{intro}</p>
      {failed ? (
        <p>
          {texts.loadFailed}{' '}
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'abha.retry' })}>
            {texts.retry}
          </button>
        </p>
      ) : loading ? null : editing ? (
        <AbhaForm actor={actor} texts={texts} />
      ) : (
        <AbhaOnFile actor={actor} texts={texts} />
      )}
    </section>
  );
}
