/**
 * The shape of every "list and form" admin section, over one admin list machine: a heading, an
 * Add button, the list's states, one row per item with Edit / Delete / up / down as the section
 * allows, the inline form (the section's fields) with the server's field errors, and the delete
 * confirmation. The machine holds the flow; this only renders it and sends its events.
 */
import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { AdminListMachine } from '../../../machines/staffAdmin/adminListMachine';
import type { Draft, FieldErrors, ListItem } from '../../../machines/staffAdmin/adminListContext';
import {
  selectCanChange,
  selectConflict,
  selectDraft,
  selectFieldErrors,
  selectFormId,
  selectIsConfirmingDelete,
  selectIsDeleting,
  selectIsLoading,
  selectIsSaving,
  selectItems,
  selectListStatus,
  selectPendingDelete,
} from '../../../machines/staffAdmin/adminListSelectors';
import type { AppointmentRecord } from '../../../contract/appointments';
import { DeleteDialog, type RemoveWords } from './parts/DeleteDialog';
import { FormPanel } from './parts/FormPanel';
import { ListState, RowActions } from './parts/lists';

export interface FormApi {
  readonly draft: Draft;
  readonly errors: FieldErrors;
  readonly saving: boolean;
  readonly change: (field: string, value: string) => void;
}

/** A form field's value, its server error, disabled while saving, and its change: spread on a Field. */
export function bound(form: FormApi, field: string) {
  return {
    value: form.draft[field] ?? '',
    error: form.errors[field],
    disabled: form.saving,
    onValue: (value: string) => form.change(field, value),
  };
}

export interface AdminListProps<Item extends ListItem> {
  readonly actor: ActorRefFrom<AdminListMachine<Item>>;
  readonly title: string;
  /** The heading level of the title: 1 for a section (the page's heading), 2 inside one (site content). */
  readonly level?: 1 | 2;
  readonly emptyText: string;
  readonly addLabel?: string;
  /** How a row is named in its buttons ("Edit Bandra"). */
  readonly nameOf: (item: Item) => string;
  readonly renderItem: (item: Item) => ReactNode;
  /** The form's title: for a new item (null) or the one edited. */
  readonly formTitle: (item: Item | null) => string;
  readonly renderForm: (form: FormApi, item: Item | null) => ReactNode;
  readonly saveLabel?: string;
  readonly editable?: boolean;
  readonly editLabel?: (item: Item) => string;
  /** The edit button's visible text (Edit unless said). */
  readonly editText?: string;
  readonly deletable?: boolean;
  readonly reorderable?: boolean;
  /** More per-row buttons (e.g. a doctor's hours). */
  readonly renderRowExtra?: (item: Item, canChange: boolean) => ReactNode;
  /** The 409 of the ORPHAN RULE, shown inside the form. */
  readonly renderConflict?: (appointments: AppointmentRecord[]) => ReactNode;
  readonly intro?: ReactNode;
  /** A panel about one item (a doctor's hours), shown above the list like the form. */
  readonly panel?: ReactNode;
  /** The removal's confirmation in other words than a delete's (the catalogue archives). */
  readonly removeWords?: RemoveWords;
}

export function AdminList<Item extends ListItem>(props: AdminListProps<Item>) {
  const { actor, title, level = 1, emptyText, addLabel, nameOf, renderItem, formTitle, renderForm } = props;
  const titleId = useId();
  const status = useSelector(actor, selectListStatus);
  const loading = useSelector(actor, selectIsLoading);
  const items = useSelector(actor, selectItems);
  const formId = useSelector(actor, selectFormId);
  const draft = useSelector(actor, selectDraft);
  const errors = useSelector(actor, selectFieldErrors);
  const saving = useSelector(actor, selectIsSaving);
  const conflict = useSelector(actor, selectConflict);
  const canChange = useSelector(actor, selectCanChange);
  const Heading = level === 1 ? 'h1' : 'h2';
  const edited = formId ? (items.find((i) => i._id === formId) ?? null) : null;
  const form: FormApi = { draft, errors, saving, change: (field, value) => actor.send({ type: 'draft.change', field, value }) };

  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <div className="admin-section__head">
        <Heading id={titleId}>{title}</Heading>
        {addLabel && (
          <button type="button" className="button button--primary" disabled={!canChange} onClick={() => actor.send({ type: 'item.add' })}>
            {addLabel}
          </button>
        )}
      </div>
      {props.intro}
      {formId !== undefined && (
        <FormPanel
          title={formTitle(edited)}
          level={level === 1 ? 2 : 3}
          saving={saving}
          saveLabel={props.saveLabel}
          onSave={() => actor.send({ type: 'draft.save' })}
          onCancel={() => actor.send({ type: 'draft.cancel' })}
        >
          {renderForm(form, edited)}
          {conflict && props.renderConflict?.(conflict)}
        </FormPanel>
      )}
      {props.panel}
      <ListState status={status} refreshing={loading} emptyText={emptyText} onRetry={() => actor.send({ type: 'list.retry' })} />
      {items.length > 0 && (
        <ul className="admin-list" aria-labelledby={titleId}>
          {items.map((item, index) => (
            <li key={item._id} className="admin-row">
              <div className="admin-row__body">{renderItem(item)}</div>
              <div className="admin-row__buttons">
                {props.renderRowExtra?.(item, canChange)}
                <RowActions
                  name={nameOf(item)}
                  index={index}
                  count={items.length}
                  disabled={!canChange}
                  editLabel={props.editLabel?.(item)}
                  editText={props.editText}
                  onEdit={props.editable === false ? undefined : () => actor.send({ type: 'item.edit', id: item._id })}
                  onDelete={props.deletable ? () => actor.send({ type: 'item.delete', id: item._id }) : undefined}
                  onMove={props.reorderable ? (offset) => actor.send({ type: 'item.move', id: item._id, offset }) : undefined}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <PendingDelete actor={actor} items={items} nameOf={nameOf} words={props.removeWords} />
    </section>
  );
}

/** The confirmation of the item asked to be deleted (or archived), while it is asked or going. */
function PendingDelete<Item extends ListItem>({ actor, items, nameOf, words }: { actor: AdminListProps<Item>['actor']; items: readonly Item[]; nameOf: (item: Item) => string; words: RemoveWords | undefined }) {
  const pendingDelete = useSelector(actor, selectPendingDelete);
  const confirmingDelete = useSelector(actor, selectIsConfirmingDelete);
  const deleting = useSelector(actor, selectIsDeleting);
  const toDelete = pendingDelete ? items.find((i) => i._id === pendingDelete) : undefined;
  if (!(confirmingDelete || deleting) || !toDelete) return null;
  return (
    <DeleteDialog
      name={nameOf(toDelete)}
      deleting={deleting}
      onConfirm={() => actor.send({ type: 'delete.confirm' })}
      onDismiss={() => actor.send({ type: 'delete.dismiss' })}
      words={words}
    />
  );
}
