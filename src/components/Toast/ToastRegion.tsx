import { useSyncExternalStore } from 'react';
import { useMessages } from '../../i18n/shell';
import { toast, type Toast } from './toast';
import './Toast.css';

/**
 * Two live regions that are always in the page, so screen readers announce what is added:
 * info toasts in role="status" (polite), errors in role="alert" (assertive).
 */
export function ToastRegion() {
  const messages = useMessages();
  const toasts = useSyncExternalStore(toast.subscribe, toast.getSnapshot, toast.getSnapshot);
  const info = toasts.filter((t) => t.kind === 'info');
  const errors = toasts.filter((t) => t.kind === 'error');
  return (
    <div className="toasts" aria-label={messages.toast.regionLabel} role="region">
      <div role="status" className="toasts__list">
        {info.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </div>
      <div role="alert" className="toasts__list">
        {errors.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </div>
    </div>
  );
}

function ToastItem({ toast: item }: { toast: Toast }) {
  const messages = useMessages();
  return (
    <div className={`toast toast--${item.kind}`}>
      <p className="toast__text">{item.text}</p>
      <button type="button" className="toast__dismiss" onClick={() => toast.dismiss(item.id)}>
        {messages.toast.dismiss}
      </button>
    </div>
  );
}
