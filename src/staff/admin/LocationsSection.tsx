/** Locations (issue 6): list, add, rename, delete (the server refuses while one is used, and says why), reorder. */
import type { LoadInput, RemoveInput, ReorderInput, SaveInput } from '../../../machines/staffAdmin/adminListMachine';
import { locationPayload, locationsMachine } from '../../../machines/staffAdmin/lists';
import { staffAdminMessages } from '../../i18n/staffAdminMessages';
import { call, callMapped } from './actors';
import { AdminList } from './AdminList';
import { Field } from './parts';
import { useAdminServices } from './services';
import { useAdminList } from './useAdminList';
import './admin.css';

const texts = staffAdminMessages.locations;

export function LocationsSection() {
  const { api } = useAdminServices();
  const actor = useAdminList(locationsMachine, {
    loadItems: call(({ token }: LoadInput, signal) => api.fetchLocations(token, signal)),
    saveItem: callMapped(
      ({ id, draft, token }: SaveInput, signal) =>
        id === null ? api.addLocation(locationPayload(draft), token, signal) : api.renameLocation(id, locationPayload(draft), token, signal),
      ({ message }) => ({ message }),
    ),
    removeItem: call(({ id, token }: RemoveInput, signal) => api.deleteLocation(id, token, signal)),
    reorderItems: call(({ ids, token }: ReorderInput, signal) => api.reorderLocations(ids, token, signal)),
  });
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
          <span className="admin-row__meta">{texts.usage(l.doctorCount, l.appointmentCount)}</span>
        </>
      )}
      renderForm={({ draft, errors, saving, change }) => (
        <Field label={texts.name} value={draft.name ?? ''} error={errors.name} disabled={saving} required onChange={(v) => change('name', v)} />
      )}
      deletable
      reorderable
    />
  );
}
