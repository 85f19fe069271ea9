/**
 * An admin list's pieces: its loading, failure and empty states, and each row's edit, delete and
 * move up / down buttons.
 */
import type { ListStatus } from '../../../../machines/staffAdmin/adminListSelectors';
import { useStaffAdminMessages } from '../../../i18n/staffAdminMessages';

/** What the list shows in place of (or above) its rows while it loads, fails, is empty or refreshes. */
export function ListState({
  status,
  refreshing,
  emptyText,
  onRetry,
}: {
  readonly status: ListStatus;
  readonly refreshing: boolean;
  readonly emptyText: string;
  readonly onRetry: () => void;
}) {
  const common = useStaffAdminMessages().common;
  switch (status) {
    case 'loading':
      return (
        <p role="status" className="admin__state">
          {common.loading}
        </p>
      );
    case 'failed':
      return (
        <div className="admin__state notice">
          <p>{common.loadFailed}</p>
          <button type="button" className="button button--outline" onClick={onRetry}>
            {common.tryAgain}
          </button>
        </div>
      );
    case 'empty':
      return <p className="empty-state admin__state">{refreshing ? common.refreshing : emptyText}</p>;
    case 'ready':
      return refreshing ? (
        <p role="status" className="admin__refreshing">
          {common.refreshing}
        </p>
      ) : null;
  }
}

/** Edit, delete, up and down for one row of a list. */
export function RowActions({
  name,
  index,
  count,
  disabled,
  onEdit,
  onDelete,
  onMove,
  editLabel,
  editText,
}: {
  readonly name: string;
  readonly index: number;
  readonly count: number;
  readonly disabled: boolean;
  readonly onEdit?: () => void;
  readonly onDelete?: () => void;
  readonly onMove?: (offset: -1 | 1) => void;
  readonly editLabel?: string;
  readonly editText?: string;
}) {
  const common = useStaffAdminMessages().common;
  return (
    <div className="admin-row__actions">
      {onEdit && (
        <button type="button" className="button button--outline" disabled={disabled} onClick={onEdit} aria-label={editLabel ?? common.editItem(name)}>
          {editText ?? common.edit}
        </button>
      )}
      {onDelete && (
        <button type="button" className="button button--outline" disabled={disabled} onClick={onDelete} aria-label={common.deleteItem(name)}>
          {common.delete}
        </button>
      )}
      {onMove && (
        <>
          <button
            type="button"
            className="button button--outline admin-row__move"
            disabled={disabled || index === 0}
            onClick={() => onMove(-1)}
            aria-label={common.moveUp(name)}
          >
            <span aria-hidden="true">↑</span>
          </button>
          <button
            type="button"
            className="button button--outline admin-row__move"
            disabled={disabled || index === count - 1}
            onClick={() => onMove(1)}
            aria-label={common.moveDown(name)}
          >
            <span aria-hidden="true">↓</span>
          </button>
        </>
      )}
    </div>
  );
}
