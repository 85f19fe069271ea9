import { Dialog } from '../../../ui/Dialog';
import { useStaffAdminMessages } from '../../../i18n/staffAdminMessages';

/** The dialog's words when the list's removal is not a delete (the catalogue archives its items). */
export interface RemoveWords {
  readonly title: string;
  readonly question: (name: string) => string;
  readonly yes: string;
  readonly busy: string;
  readonly no: string;
}

/** Asks before an item of a list is deleted; closing it is refused while the delete runs. */
export function DeleteDialog({
  name,
  deleting,
  onConfirm,
  onDismiss,
  words,
}: {
  readonly name: string;
  readonly deleting: boolean;
  readonly onConfirm: () => void;
  readonly onDismiss: () => void;
  readonly words?: RemoveWords | undefined;
}) {
  const admin = useStaffAdminMessages().common;
  const common = words
    ? { deleteTitle: words.title, deleteQuestion: words.question, deleteYes: words.yes, deleting: words.busy, deleteNo: words.no }
    : admin;
  const close = () => {
    if (!deleting) onDismiss();
  };
  return (
    <Dialog title={common.deleteTitle} onClose={close}>
      <p>{common.deleteQuestion(name)}</p>
      <p className="admin-form__actions">
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={deleting} aria-busy={deleting}>
          {deleting ? common.deleting : common.deleteYes}
        </button>
        <button type="button" className="button button--outline" onClick={close} disabled={deleting} data-autofocus>
          {common.deleteNo}
        </button>
      </p>
    </Dialog>
  );
}
