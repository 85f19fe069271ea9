/**
 * One prescription on My Remedies: who, when, the remedies and its documents. Every clinical word
 * (remedy, potency, dose, frequency, duration, instructions) is shown as the doctor wrote it, under
 * the catalog's fixed labels: a restatement in plain words, or a date worked out from the duration,
 * would tell the patient something the doctor did not write (docs/records.md).
 */
import { useId } from 'react';
import { followUpWords } from '../../../contract/followUpWords';
import type { PrescriptionRecord } from '../../../contract/records';
import { useLanguage } from '../../i18n/languageChoice';
import { useMessages } from '../../i18n/messages';
import { formatClinicDate, formatRupees } from '../../format/format';
import { orderWords } from '../Appointments/orderWords';
import { DocumentButtons } from './DocumentDownloads';
import { appointmentDocuments, prescriptionFhirPath } from './documents';

export interface PrescriptionCardProps {
  readonly prescription: PrescriptionRecord;
  /** The path being downloaded, or null. */
  readonly downloading: string | null;
  readonly onDownload: (path: string) => void;
}

type Remedy = PrescriptionRecord['remedies'][number];

/** One remedy as written, with its dose and frequency when the doctor gave them. */
function RemedyItem({ remedy: r, potency }: { remedy: Remedy; potency: string }) {
  const texts = useMessages().records;
  return (
    <li>
      <span className="remedy-list__name">
        {r.medicineName}
        {potency ? ` ${potency}` : ''}
      </span>
      {(r.dosage.trim() !== '' || r.frequency.trim() !== '') && (
        <dl className="remedy-list__take">
          {r.dosage.trim() !== '' && (
            <div>
              <dt>{texts.dosage}</dt>
              <dd>{r.dosage}</dd>
            </div>
          )}
          {r.frequency.trim() !== '' && (
            <div>
              <dt>{texts.frequency}</dt>
              <dd>{r.frequency}</dd>
            </div>
          )}
        </dl>
      )}
    </li>
  );
}

export function PrescriptionCard({ prescription: p, downloading, onDownload }: PrescriptionCardProps) {
  const messages = useMessages();
  const language = useLanguage();
  const texts = messages.records;
  const order = p.order ? orderWords(messages.appointments, p.order) : null;
  const headingId = useId();
  // As the doctor wrote them; the follow-up in the words the prescription PDF prints (contract/followUpWords.ts).
  const facts: Array<[string, string]> = [
    [texts.complaint, p.complaint],
    [texts.history, p.history ?? ''],
    [texts.diagnosis, p.diagnosis ?? ''],
    [texts.investigations, p.investigations ?? ''],
    [texts.potency, p.potency],
    [texts.duration, p.duration],
    [texts.instructions, p.instructions],
    [texts.pharmacy, p.pharmacyName],
    [texts.followUp, followUpWords(p.followUp, language) ?? ''],
  ];
  const documents = [
    ...appointmentDocuments(
      p.appointmentId,
      { prescription: true, feeSettled: p.hasReceipt, orderSettled: p.order?.hasReceipt ? p.order._id : null },
      { prescription: texts.downloadPrescription, feeReceipt: texts.downloadReceipt, orderReceipt: texts.downloadOrderReceipt },
    ),
    { path: prescriptionFhirPath(p.appointmentId), label: texts.downloadHealthRecord },
  ];
  return (
    <li className={`prescription-card${p.current ? ' prescription-card--current' : ''}`} aria-labelledby={headingId}>
      <h3 id={headingId}>{texts.prescriptionOf(formatClinicDate(p.date), p.doctorName)}</h3>
      <p className="prescription-card__meta">
        {texts.consultation(p.consultationType)} · {p.appointmentNumber}
        {p.relation !== null && <> · {texts.forPerson(p.patientName, p.relation)}</>}
      </p>
      {p.remedies.length > 0 && (
        <>
          <h4 className="visually-hidden">{texts.remedies}</h4>
          <ul className="remedy-list">
            {p.remedies.map((r, index) => (
              <RemedyItem key={`${r.medicineName}-${index}`} remedy={r} potency={p.potency} />
            ))}
          </ul>
        </>
      )}
      <dl className="prescription-card__facts">
        {facts
          .filter(([, value]) => value.trim() !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        <div>
          <dt>{texts.order}</dt>
          <dd>
            {p.order && order ? texts.orderState(formatRupees(p.order.totalPrice), order.status, order.payment) : texts.noOrder}
          </dd>
        </div>
      </dl>
      <DocumentButtons
        documents={documents}
        downloading={downloading}
        onDownload={onDownload}
        downloadingText={texts.downloading}
        className="prescription-card__actions"
      />
    </li>
  );
}
