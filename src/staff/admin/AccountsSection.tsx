/**
 * Staff accounts and roles: every admin and doctor account; set the role of an account
 * by its email (admin, doctor, or patient to take staff access away). The server's words say what
 * happened (no such account, no doctor with that email, the last admin).
 */
import type { LoadInput, SaveInput } from '../../../machines/staffAdmin/adminListContext';
import { accountRows, accountsMachine, rolePayload } from '../../../machines/staffAdmin/lists';
import type { AccountRole } from '../../../contract/staffAdmin';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { fromApi } from '../../app/fromApi';
import { AdminList } from './AdminList';
import { SelectField, TextField } from '../../ui/Field';
import { useAdminServices } from './services';
import { useAdminList } from './provider';
import './admin.css';

const roles: readonly AccountRole[] = ['admin', 'doctor', 'reception', 'patient'];

export function AccountsSection() {
  const texts = useStaffAdminMessages().accounts;
  const { api } = useAdminServices();
  const actor = useAdminList(accountsMachine, {
    loadItems: fromApi(({ token }: LoadInput, signal) => api.fetchAccounts(token, signal), accountRows),
    saveItem: fromApi(({ draft, token }: SaveInput, signal) => api.setRole(rolePayload(draft), token, signal), ({ message }) => ({ message })),
  });
  return (
    <AdminList
      actor={actor}
      title={texts.title}
      intro={<p className="admin-section__intro">{texts.intro}</p>}
      emptyText={texts.none}
      addLabel={texts.setRole}
      nameOf={(a) => a.email}
      editLabel={(a) => texts.changeRole(a.email)}
      formTitle={() => texts.setRoleTitle}
      saveLabel={texts.setRole}
      editText={texts.changeRoleText}
      renderItem={(a) => (
        <>
          <strong className="admin-row__title">
            {`${a.firstName} ${a.lastName}`.trim()} <span className="admin-badge">{texts.roles[a.role]}</span>
          </strong>
          <span className="admin-row__meta">{a.email}</span>
          {a.doctorName && (
            <span className="admin-row__meta">
              {texts.doctor}: {a.doctorName}
            </span>
          )}
        </>
      )}
      renderForm={({ draft, errors, saving, change }) => (
        <>
          <TextField look="admin" label={texts.email} type="email" value={draft.email ?? ''} error={errors.email} disabled={saving} required onValue={(v) => change('email', v)} />
          <SelectField
            look="admin"
            label={texts.role}
            value={draft.role ?? 'doctor'}
            error={errors.role}
            disabled={saving}
            onValue={(v) => change('role', v)}
            options={roles.map((r) => ({ value: r, label: texts.roles[r] }))}
          />
        </>
      )}
    />
  );
}
