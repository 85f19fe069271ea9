/**
 * Locations: list, add, rename, whether online patients may pay at the clinic there, delete (the
 * server refuses while one is used, and says why), reorder.
 */
import { locationPayload, locationsMachine } from '../../../machines/staffAdmin/lists';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { listActors } from './actors';
import { AdminList } from './AdminList';
import { CheckField, TextField } from '../../ui/Field';
import { useAdminServices } from './services';
import { useAdminList } from './provider';
import './admin.css';

export function LocationsSection() {
  const texts = useStaffAdminMessages().locations;
  const { api } = useAdminServices();
  const actor = useAdminList(
    locationsMachine,
    listActors(
      { list: api.fetchLocations, add: api.addLocation, update: api.renameLocation, remove: api.deleteLocation, reorder: api.reorderLocations },
      locationPayload,
    ),
  );
  return (
    <AdminList
      actor={actor}
      title={texts.title}
      emptyText={texts.none}
      addLabel={texts.add}
      nameOf={(l) => l.name}
      editLabel={(l) => texts.renameItem(l.name)}
      editText={texts.rename}
      formTitle={(l) => (l ? texts.renameTitle(l.name) : texts.addTitle)}
      renderItem={(l) => (
        <>
          <strong className="admin-row__title">{l.name}</strong>
          <span className="admin-row__meta">
            {texts.usage(l.doctorCount, l.appointmentCount)}
            {l.payAtClinic && ` · ${texts.payAtClinicOn}`}
          </span>
        </>
      )}
      renderForm={({ draft, errors, saving, change }) => (
        <>
          <TextField look="admin" label={texts.name} value={draft.name ?? ''} error={errors.name} disabled={saving} required onValue={(v) => change('name', v)} />
          <CheckField look="admin" labelClassName="admin-checks__item"
            label={texts.payAtClinic}
            hint={texts.payAtClinicHint}
            checked={draft.payAtClinic === 'on'}
            error={errors.payAtClinic}
            disabled={saving}
            onChecked={(on) => change('payAtClinic', on ? 'on' : '')}
          />
        </>
      )}
      deletable
      reorderable
    />
  );
}
