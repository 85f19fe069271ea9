/**
 * Refunds flagged for action: who ("Former patient" for a closed account, whose contact
 * details are gone), how much, when and why, and the refund through the payment provider as it
 * stands (server/refunds); "Mark refunded" with a note once the money went back otherwise.
 * Resolved ones leave the list. Above it, the cancellation policy's setting (read-only).
 */
import type { LoadInput, SaveInput } from '../../../machines/staffAdmin/adminListContext';
import { refundAction, refundPayload, refundsMachine } from '../../../machines/staffAdmin/lists';
import { formatClinicRecorded, formatRupees } from '../../format/format';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { fromApi } from '../../app/fromApi';
import { getStaffMessages } from '../../i18n/staffMessages';
import type { RefundItem } from '../../../contract/staffAdmin';
import { AdminList } from './AdminList';
import { SelectField, TextField } from '../../ui/Field';
import { useAdminServices } from './services';
import { useAdminList } from './provider';
import { useStaff } from '../StaffContext';
import './admin.css';

/** Who the refund is owed to: the server sends the fact for a closed account, not its pseudonym. */
const patientOf = (r: RefundItem): string => (r.patient.formerPatient ? getStaffMessages().formerPatient : r.patient.name);

/** Its last attempt through the payment provider failed: it may be retried there. */
const failed = (r: RefundItem): boolean => r.automatic?.state === 'failed';

export function RefundsSection() {
  const texts = useStaffAdminMessages().refunds;
  const { api } = useAdminServices();
  const { me } = useStaff();
  const actor = useAdminList(refundsMachine, {
    loadItems: fromApi(({ token }: LoadInput, signal) => api.fetchRefunds('open', token, signal)),
    saveItem: fromApi(
      ({ id, draft, token }: SaveInput, signal) =>
        refundAction(draft) === 'retry' ? api.retryRefund(id ?? '', token, signal) : api.resolveRefund(id ?? '', refundPayload(draft), token, signal),
      ({ message }) => ({ message }),
    ),
  });
  return (
    <AdminList
      actor={actor}
      title={texts.title}
      intro={
        <>
          <p className="admin-section__intro">{texts.intro}</p>
          {me.cancelFreeHours !== undefined && <p className="admin-section__intro">{texts.policy(me.cancelFreeHours)}</p>}
        </>
      }
      emptyText={texts.none}
      nameOf={patientOf}
      editLabel={(r) => (failed(r) ? texts.handleFor(patientOf(r)) : texts.markRefundedFor(patientOf(r)))}
      formTitle={(r) => {
        const title = r && failed(r) ? texts.handle : texts.resolveTitle;
        return r ? `${title}: ${patientOf(r)}, ${formatRupees(r.amount)}` : title;
      }}
      saveLabel={texts.confirm}
      editText={texts.markRefunded}
      renderItem={(r) => <RefundFacts refund={r} />}
      renderForm={({ draft, errors, saving, change }, r) => (
        <>
          {r && failed(r) && (
            <SelectField
              look="admin"
              label={texts.whatToDo}
              value={refundAction(draft)}
              options={[{ value: 'retry', label: texts.actions.retry }, { value: 'resolve', label: texts.actions.resolve }]}
              disabled={saving}
              onValue={(v) => change('action', v)}
            />
          )}
          {refundAction(draft) === 'resolve' && (
            <TextField look="admin" label={texts.note} hint={texts.noteHint} value={draft.note ?? ''} error={errors.note} disabled={saving} required multiline onValue={(v) => change('note', v)} />
          )}
        </>
      )}
    />
  );
}

/** One refund's row: who, how much, why, when, its reference and its attempt through the provider. */
function RefundFacts({ refund: r }: { readonly refund: RefundItem }) {
  const texts = useStaffAdminMessages().refunds;
  return (
        <>
          <strong className="admin-row__title">
            {patientOf(r)}, {formatRupees(r.amount)}
          </strong>
          <dl className="admin-facts">
            <dt>{texts.why}</dt>
            <dd>
              {texts.reasons[r.reason]}
              {r.purpose === 'order' ? ` (${texts.purposeOrder})` : ''}
            </dd>
            <dt>{texts.flaggedAt}</dt>
            <dd>{formatClinicRecorded(r.flaggedAt) ?? r.flaggedAt}</dd>
            <dt>{texts.appointment}</dt>
            <dd>{r.appointmentNumber}</dd>
            {!r.patient.formerPatient && (
              <>
                <dt>{texts.patient}</dt>
                <dd>
                  {r.patient.email}, {r.patient.phoneNumber}
                </dd>
              </>
            )}
            {r.automatic && (
              <>
                <dt>{texts.automatic}</dt>
                <dd>
                  {texts.automaticStates[r.automatic.state]} ({texts.attempt(r.automatic.attempt)}
                  {r.automatic.errorCode ? `, ${r.automatic.errorCode}` : ''})
                </dd>
              </>
            )}
            {r.merchantOrderId && (
              <>
                <dt>{texts.reference}</dt>
                <dd>
                  {r.merchantOrderId}
                  {r.provider ? ` (${r.provider})` : ''}
                </dd>
              </>
            )}
          </dl>
        </>
  );
}
