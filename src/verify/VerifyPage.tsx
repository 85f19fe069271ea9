/**
 * #/verify/<code>: the public page a prescription's QR code opens (machines/verify). It shows what
 * the clinic answers for the code, and nothing the paper does not already show: the doctor, the
 * date, the patient's initials, the remedies as written.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useParams } from 'react-router-dom';
import { groupedCode, type VerifyAnswer } from '../../contract/verify';
import { verifyMachine } from '../../machines/verify/verifyMachine';
import { selectAnswer, selectFailure, selectIsLoading } from '../../machines/verify/selectors';
import { verifyApi } from '../api/verify';
import { usePageTitle } from '../app/usePageTitle';
import { formatClinicDate, formatClinicRecorded } from '../format/format';
import { useVerifyMessages, type VerifyMessages } from '../i18n/verifyMessages';
import './Verify.css';

const verifyActor = fromPromise<VerifyAnswer, { code: string }>(({ input, signal }) => verifyApi.verify(input.code, signal));

function Genuine({ answer, m }: { readonly answer: Extract<VerifyAnswer, { status: 'genuine' }>; readonly m: VerifyMessages['genuine'] }) {
  return (
    <section className="verify-result verify-result--genuine" aria-labelledby="verify-heading">
      <h2 id="verify-heading">
        <span aria-hidden="true">✓ </span>
        {m.heading}
      </h2>
      <p>{m.intro}</p>
      <dl className="verify-facts">
        <dt>{m.doctor}</dt>
        <dd>{answer.doctorName}</dd>
        <dt>{m.date}</dt>
        <dd>{formatClinicDate(answer.date)}</dd>
        <dt>{m.written}</dt>
        <dd>
          {formatClinicRecorded(answer.writtenAt)} ({m.version(answer.version)})
        </dd>
        <dt>{m.patient}</dt>
        <dd>{answer.patientInitials}</dd>
      </dl>
      <h3>{m.remedies}</h3>
      {answer.remedies.length === 0 ? (
        <p>{m.noRemedies}</p>
      ) : (
        <ol className="verify-remedies">
          {answer.remedies.map((r, i) => (
            <li key={i}>
              <strong>
                {r.medicineName}
                {r.potency ? ` ${r.potency}` : ''}
              </strong>
              <span>
                {[r.dosage && `${m.dosage}: ${r.dosage}`, r.frequency && `${m.frequency}: ${r.frequency}`, r.duration && `${m.duration}: ${r.duration}`]
                  .filter(Boolean)
                  .join('; ')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default function VerifyPage() {
  const { code = '' } = useParams();
  const m = useVerifyMessages();
  usePageTitle(m.title);
  const actor = useActorRef(verifyMachine.provide({ actors: { verify: verifyActor } }), { input: { code } });
  const answer = useSelector(actor, selectAnswer);
  const failure = useSelector(actor, selectFailure);
  const loading = useSelector(actor, selectIsLoading);
  return (
    <div className="verify-page">
      <h1>{m.title}</h1>
      <p className="verify-code">{m.code(groupedCode(code))}</p>
      {loading && (
        <p role="status" className="verify-loading">
          {m.loading}
        </p>
      )}
      {failure && (
        <div role="alert" className="verify-result verify-result--failed">
          <p>{failure === 'tooMany' ? m.tooMany : m.failed}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'retry' })}>
            {m.retry}
          </button>
        </div>
      )}
      {answer?.status === 'genuine' && <Genuine answer={answer} m={m.genuine} />}
      {answer?.status === 'amended' && (
        <section className="verify-result verify-result--warning" aria-labelledby="verify-heading">
          <h2 id="verify-heading">{m.amended.heading}</h2>
          <p>{m.amended.body(formatClinicRecorded(answer.supersededAt) ?? answer.supersededAt)}</p>
        </section>
      )}
      {answer?.status === 'revoked' && (
        <section className="verify-result verify-result--bad" aria-labelledby="verify-heading">
          <h2 id="verify-heading">{m.revoked.heading}</h2>
          <p>{m.revoked.body}</p>
        </section>
      )}
      {answer?.status === 'unknown' && (
        <section className="verify-result verify-result--bad" aria-labelledby="verify-heading">
          <h2 id="verify-heading">{m.unknown.heading}</h2>
          <p>{m.unknown.body}</p>
        </section>
      )}
    </div>
  );
}
