/** What the chat panel's views read of the machine's snapshot (./chatMachine.ts). */
import type { SnapshotFrom } from 'xstate';
import type { ChatConversation, ChatMessage } from '../../contract/chat.js';
import type { chatMachine } from './chatMachine.js';
import { unreadOf, type ChatOutboxItem, type ChatProblem } from './context.js';

type Snapshot = SnapshotFrom<typeof chatMachine>;

export const selectMessages = (s: Snapshot): ChatMessage[] => s.context.messages;
export const selectConversation = (s: Snapshot): ChatConversation | null => s.context.conversation;
export const selectIsLive = (s: Snapshot): boolean => s.matches('Live');
export const selectIsSending = (s: Snapshot): boolean => s.matches({ Live: 'SendingText' }) || s.matches({ Live: 'SendingPhoto' });
export const selectIsReconnecting = (s: Snapshot): boolean => s.matches('Reconnecting');
export const selectCanSend = (s: Snapshot): boolean => s.can({ type: 'message.send', text: 'x' });
export const selectCanSendPhoto = (s: Snapshot): boolean => s.matches({ Live: 'Ready' });
/** Texts written and not yet sent: shown as "Waiting to send". */
export const selectOutbox = (s: Snapshot): ChatOutboxItem[] => s.context.outbox;
/** Waiting to send after a send got no answer (offline, or the server failed). */
export const selectIsHeld = (s: Snapshot): boolean => s.matches({ Live: 'Held' });
export const selectIsSendingText = (s: Snapshot): boolean => s.matches({ Live: 'SendingText' });
export const selectIsSendingPhoto = (s: Snapshot): boolean => s.matches({ Live: 'SendingPhoto' });
export const selectDraft = (s: Snapshot): string => s.context.draft;
export const selectProblem = (s: Snapshot): ChatProblem | null => s.context.problem;
export const selectUnread = (s: Snapshot): number => unreadOf(s.context.conversation, s.context.messages, s.context.readUpTo);
export const selectIsLoading = (s: Snapshot): boolean => s.matches('Loading');
export const selectHasFailed = (s: Snapshot): boolean => s.matches('Failed');
export const selectIsWaiting = (s: Snapshot): boolean => s.matches('WaitingToOpen');
export const selectIsReadOnly = (s: Snapshot): boolean => s.matches('ReadOnly');
export const selectIsClosed = (s: Snapshot): boolean => s.matches('Closed');
