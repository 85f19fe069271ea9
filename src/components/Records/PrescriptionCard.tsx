/** One prescription on My Remedies: who, when, the remedies with when to take them, and its documents. */
import { useId } from 'react';
import type { PrescriptionRecord } from '../../../contract/records';
import { useMessages } from '../../i18n/messages';
import { formatClinicDate, formatRupees } from '../Appointments/format';
import { DocumentButtons } from './DocumentDownloads';
import { appointmentDocuments } from './documents';
import { whenToTake } from './whenToTake';

export interface PrescriptionCardProps {
  readonly prescription: PrescriptionRecord;
  /** The path being downloaded, or null. */
  readonly downloading: string | null;
  readonly onDownload: (path: string) => void;
}

export function PrescriptionCard({ prescription: p, downloading, onDownload }: PrescriptionCardProps) {
  const texts = useMessages().records;
  const headingId = useId();
  const facts: Array<[string, string]> = [
    [texts.complaint, p.complaint],
    [texts.potency, p.potency],
    [texts.duration, p.duration],
    [texts.instructions, p.instructions],
    [texts.pharmacy, p.pharmacyName],
  ];
  const documents = appointmentDocuments(
    p.appointmentId,
    { prescription: true, feeSettled: p.hasReceipt, orderSettled: p.order?.hasReceipt ? p.order._id : null },
    { prescription: texts.downloadPrescription, feeReceipt: texts.downloadReceipt, orderReceipt: texts.downloadOrderReceipt },
  );
  return (
    <li className={`prescription-card${p.current ? ' prescription-card--current' : ''}`} aria-labelledby={headingId}>
      <h3 id={headingId}>{texts.prescriptionOf(formatClinicDate(p.date), p.doctorName)}</h3>
      <p className="prescription-card__meta">
        {texts.consultation(p.consultationType)} · {p.appointmentNumber}
        {p.relation !== null && <> · {texts.forPerson(p.patientName, p.relation)}</>}
        {p.current && p.courseUntil !== null && <> · {texts.currentUntil(formatClinicDate(p.courseUntil))}</>}
      </p>
      {p.remedies.length > 0 && (
        <>
          <h4 className="visually-hidden">{texts.remedies}</h4>
          <ul className="remedy-list">
            {p.remedies.map((r, index) => (
              <li key={`${r.medicineName}-${index}`}>
                <span className="remedy-list__name">
                  {r.medicineName}
                  {p.potency ? ` ${p.potency}` : ''}
                </span>
                <span className="remedy-list__take">{texts.takeLine(r.dosage, whenToTake(r.frequency, texts))}</span>
              </li>
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
          <dd>{p.order ? texts.orderState(formatRupees(p.order.totalPrice), p.order.orderStatus, p.order.paymentStatus) : texts.noOrder}</dd>
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
