/**
 * The chat's outbox kept across a reload (machines/chat: texts written offline, or whose send got
 * no answer, waiting to go with their client ids), in localStorage under `chatOutbox`: one list per
 * appointment. Kept only while a token is stored, and removed with the personal copies
 * (./personalCopies.ts) whenever the token is forgotten or replaced: logout, a refused login, the
 * account closed, another login on this device. docs/app.md.
 */
import type { ChatOutboxItem } from '../../machines/chat/context';
import { chatOutboxKey } from './personalCopies';

export interface ChatOutboxStore {
  read(appointmentId: string): ChatOutboxItem[];
  write(appointmentId: string, outbox: readonly ChatOutboxItem[]): void;
}

type Kept = Record<string, ChatOutboxItem[]>;

const isItem = (x: unknown): x is ChatOutboxItem =>
  typeof x === 'object' && x !== null && typeof (x as ChatOutboxItem).clientId === 'string' && typeof (x as ChatOutboxItem).text === 'string';

function readAll(): Kept {
  try {
    if (localStorage.getItem('token') === null) return {};
    const kept: unknown = JSON.parse(localStorage.getItem(chatOutboxKey) ?? '{}');
    if (typeof kept !== 'object' || kept === null) return {};
    return Object.fromEntries(
      Object.entries(kept).flatMap(([id, items]) => (Array.isArray(items) && items.every(isItem) ? [[id, items as ChatOutboxItem[]]] : [])),
    );
  } catch {
    return {};
  }
}

export const chatOutboxStore: ChatOutboxStore = {
  read: (appointmentId) => readAll()[appointmentId] ?? [],
  write(appointmentId, outbox) {
    try {
      if (localStorage.getItem('token') === null) return;
      const kept = readAll();
      if (outbox.length === 0) delete kept[appointmentId];
      else kept[appointmentId] = outbox.map(({ clientId, text }) => ({ clientId, text }));
      if (Object.keys(kept).length === 0) localStorage.removeItem(chatOutboxKey);
      else localStorage.setItem(chatOutboxKey, JSON.stringify(kept));
    } catch {
      // Storage off or full: the outbox lasts as long as the page.
    }
  },
};
