/**
 * /myremedies: the account's prescriptions, for every person it booked for. Remedies
 * still within their course come first as "current", each as the doctor wrote it (PrescriptionCard);
 * then the earlier ones, newest first. Each has its prescription and receipts as PDF. Until there
 * is a prescription, the page keeps the spec's placeholder words.
 */
import { useSelector } from '@xstate/react';
import { remediesMachine, selectFailed, selectIsLoading, selectPrescriptions } from '../../../machines/records/remediesMachine';
import { selectToken } from '../../../machines/session/selectors';
import { SessionContext } from '../../app/account';
import { liveDownloadDocument, liveRemediesActors } from '../../app/liveRecords';
import { usePageTitle } from '../../app/usePageTitle';
import { OfflineCopyNote } from '../../pwa/OfflineCopyNote';
import { useProvidedActor } from '../../app/useProvidedActor';
import { useDocumentDownload } from '../../components/Records/DocumentDownloads';
import { PrescriptionCard } from '../../components/Records/PrescriptionCard';
import { clinic } from '../../content/clinic';
import { getMessages, useMessages } from '../../i18n/messages';
import '../../components/Records/Records.css';

export default function MyRemediesPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.remedies);
  const token = SessionContext.useSelector(selectToken);
  return (
    <div className="page container">
      <h1>{messages.remedies.title}</h1>
      <OfflineCopyNote area="remedies" />
      <OfflineCopyNote area="documents" />
      {token && <Remedies key={token} token={token} />}
    </div>
  );
}

function Remedies({ token }: { token: string }) {
  const messages = useMessages();
  const texts = messages.records;
  // A 401 is the request base's to tell the session (src/api/client.ts): the list just fails.
  const actor = useProvidedActor(() => remediesMachine.provide({ actors: liveRemediesActors }), { input: { token } });
  const isLoading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectFailed);
  const prescriptions = useSelector(actor, selectPrescriptions);
  // One download at a time on the whole page.
  const { downloading, download } = useDocumentDownload({
    token,
    downloadDocument: liveDownloadDocument,
    failedText: () => getMessages().records.downloadFailed,
  });

  if (isLoading) return <p role="status">{texts.loading}</p>;
  if (failed) {
    return (
      <div role="alert">
        <p>{texts.loadFailed}</p>
        <button type="button" className="button" onClick={() => actor.send({ type: 'remedies.retry' })}>
          {texts.retry}
        </button>
      </div>
    );
  }
  if (prescriptions.length === 0) {
    return (
      <div className="prose">
        <p className="page__lead">{messages.remedies.body}</p>
        <p>
          {messages.remedies.callUs(clinic.phone.display)} <a href={clinic.phone.href}>{messages.popup.callToBook(clinic.phone.display)}</a>
        </p>
      </div>
    );
  }
  const current = prescriptions.filter((p) => p.current);
  const past = prescriptions.filter((p) => !p.current);
  return (
    <div className="remedies">
      {current.length > 0 && (
        <section className="remedies__group" aria-labelledby="remedies-current">
          <h2 id="remedies-current">{texts.currentHeading}</h2>
          <ul className="remedies__list">
            {current.map((p) => (
              <PrescriptionCard key={p.appointmentId} prescription={p} downloading={downloading} onDownload={download} />
            ))}
          </ul>
        </section>
      )}
      {past.length > 0 && (
        <section className="remedies__group" aria-labelledby="remedies-past">
          <h2 id="remedies-past">{texts.pastHeading}</h2>
          <ul className="remedies__list">
            {past.map((p) => (
              <PrescriptionCard key={p.appointmentId} prescription={p} downloading={downloading} onDownload={download} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
