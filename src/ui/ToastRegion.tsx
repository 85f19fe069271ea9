import { useSyncExternalStore } from 'react';
import { useMessages } from '../i18n/shell';
import { toast, type Toast } from './toast';
import './Toast.css';

/**
 * Two live regions, so screen readers announce what is added: info toasts in role="status"
 * (polite), errors in role="alert" (assertive). The page's region (src/app/Layout.tsx) shows the
 * toasts while no modal dialog is open; while one is, the region inside the top dialog does
 * (src/ui/Dialog.tsx renders one, with itself as `host`): outside it they would be inert (neither
 * read nor clickable).
 */
export function ToastRegion({ host = null }: { readonly host?: HTMLElement | null }) {
  const messages = useMessages();
  // The toasts while they show here (null: they show in another region).
  const here = () => (toast.host() === host ? toast.getSnapshot() : null);
  const toasts = useSyncExternalStore(toast.subscribe, here, here);
  if (!toasts) return null;
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
