/** Consultation fees: the four types with their fee in rupees, each edited and saved. */
import type { LoadInput, SaveInput } from '../../../machines/staffAdmin/adminListContext';
import { feePayload, feeRows, feesMachine } from '../../../machines/staffAdmin/lists';
import { formatRupees } from '../../format/format';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { fromApi } from '../../app/fromApi';
import { AdminList } from './AdminList';
import { TextField } from '../../ui/Field';
import { useAdminServices } from './services';
import { useAdminList } from './provider';
import './admin.css';

export function FeesSection() {
  const staffAdmin = useStaffAdminMessages();
  const texts = staffAdmin.fees;
  const { api } = useAdminServices();
  const actor = useAdminList(feesMachine, {
    loadItems: fromApi(({ token }: LoadInput, signal) => api.fetchFees(token, signal), feeRows),
    saveItem: fromApi(
      ({ id, draft, token }: SaveInput, signal) => api.saveFee(feePayload(id ?? '', draft), token, signal),
      ({ message }) => ({ message }),
    ),
  });
  return (
    <AdminList
      actor={actor}
      title={texts.title}
      intro={<p className="admin-section__intro">{texts.intro}</p>}
      emptyText={staffAdmin.common.empty}
      nameOf={(row) => row.consultationType}
      editLabel={(row) => texts.editFee(row.consultationType)}
      formTitle={(row) => (row ? texts.editTitle(row.consultationType) : texts.title)}
      renderItem={(row) => (
        <>
          <strong className="admin-row__title">{row.consultationType}</strong>
          <span className="admin-row__meta">{row.consultationFee === null ? texts.notOffered : formatRupees(row.consultationFee)}</span>
        </>
      )}
      renderForm={({ draft, errors, saving, change }, row) => (
        <TextField
          look="admin"
          label={texts.feeFor(row?.consultationType ?? 'Chat')}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          hint={texts.feeHint}
          value={draft.consultationFee ?? ''}
          error={errors.consultationFee}
          disabled={saving}
          required
          onValue={(v) => change('consultationFee', v)}
        />
      )}
    />
  );
}
