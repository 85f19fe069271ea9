/**
 * The toast API every feature uses to tell a person something happened:
 *
 *   toast.info('Appointment booked successfully.');   // role="status", fades after a while
 *   toast.error('Something went wrong.');             // role="alert", stays until dismissed
 *
 * A tiny store read by <ToastRegion>. No window.alert anywhere.
 */

export type ToastKind = 'info' | 'error';

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly text: string;
}

type Listener = () => void;

/** How long an info toast stays, in milliseconds. Errors stay until dismissed. */
export const infoToastMs = 6000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
// The top modal dialog: the page behind it is inert, so the toasts go inside it. Null: in the page.
let host: HTMLElement | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, text: string): number {
  // An error already on screen in the same words is not shown twice: a refused login is told by
  // the session and may be by the call that met it. Info toasts fade, so each is shown (a second
  // login's welcome is news).
  const same = kind === 'error' ? toasts.find((t) => t.kind === 'error' && t.text === text) : undefined;
  if (same) return same.id;
  const id = nextId++;
  toasts = [...toasts, { id, kind, text }];
  if (kind === 'info') timers.set(id, setTimeout(() => dismiss(id), infoToastMs));
  emit();
  return id;
}

function dismiss(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  const next = toasts.filter((t) => t.id !== id);
  if (next.length !== toasts.length) {
    toasts = next;
    emit();
  }
}

export const toast = {
  info: (text: string): number => show('info', text),
  error: (text: string): number => show('error', text),
  dismiss,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): readonly Toast[] => toasts,
  /** The top modal dialog (src/ui/Dialog.tsx keeps the open ones): the toasts show inside it; null: in the page. */
  setHost(dialog: HTMLElement | null): void {
    host = dialog;
    emit();
  },
  host: (): HTMLElement | null => host,
};
