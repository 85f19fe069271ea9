import { Dialog } from '../../../components/Popup/Dialog';
import { useStaffAdminMessages } from '../../../i18n/staffAdminMessages';

/** Asks before an item of a list is deleted; closing it is refused while the delete runs. */
export function DeleteDialog({
  name,
  deleting,
  onConfirm,
  onDismiss,
}: {
  readonly name: string;
  readonly deleting: boolean;
  readonly onConfirm: () => void;
  readonly onDismiss: () => void;
}) {
  const common = useStaffAdminMessages().common;
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
