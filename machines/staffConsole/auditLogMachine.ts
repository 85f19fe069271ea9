/**
 * The audit log (every staff change is recorded (who, when, what changed) and viewable
 * by admins): GET /staff/audit, latest first, a page at a time; "Older entries" asks for the page
 * before the last entry shown (`before` = its id). Admins only: a doctor's token gets 403.
 *
 * Input: `{ token, pageSize }`.
 *
 * Events:
 * - `audit.more`: the next (older) page; only when the last page was full (`selectHasMore`).
 * - `audit.refresh`: from the latest entry again (the entries shown stay until the answer).
 * - `audit.retry`: the first page again, from Failed.
 *
 * The app provides (`auditLogMachine.provide({ actors })`), rejecting with an ApiFailure:
 * - `loadAudit` { limit, before, token } -> AuditEntry[] (fetchAudit, src/api/staff.ts)
 *
 * Shown: `selectLogStatus` 'loading' | 'ready' | 'empty' | 'failed' (`selectFailure`: the server's
 * words or null); `selectEntries`; `selectIsLoadingMore`.
 *
 * Effects, actions the app provides (src/staff/provider.ts): `notify` (emits `notice`); until
 * provided it is emitted, as the machine's tests read it (`actor.on(...)`).
 * What is emitted:
 * - `notice` { tone: 'error', notice }: an older page could not be loaded (the entries shown stay):
 *   the server's words, or { kind: 'somethingWentWrong' }.
 * A 401 takes the ordinary failure path: the request base ends the session (src/api/client.ts).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type * as t from 'io-ts';
import type { AuditEntry } from '../../contract/staff.js';
import { describeFailure, serverWordsOr, type NoticeEvent, type ServerNotice } from '../shared/notices.js';

export type AuditRecord = t.TypeOf<typeof AuditEntry>;

export type AuditLogInput = { token: string; pageSize: number };

export type AuditLogEvent = { type: 'audit.more' } | { type: 'audit.refresh' } | { type: 'audit.retry' };

export type AuditLogNotice = { kind: 'somethingWentWrong' } | ServerNotice;

export type AuditLogEmitted = NoticeEvent<AuditLogNotice>;

export type AuditLogContext = {
  token: string;
  pageSize: number;
  /** Null until the first page has loaded. */
  entries: AuditRecord[] | null;
  /** The last page was full: there may be older entries. */
  hasMore: boolean;
  failure: string | null;
};

export type AuditLogStatus = 'loading' | 'ready' | 'empty' | 'failed';

type PageRequest = { limit: number; before: string | null; token: string };

const failureNotice = (error: unknown): NoticeEvent<AuditLogNotice> => ({
  type: 'notice',
  tone: 'error',
  notice: serverWordsOr<AuditLogNotice>(error, { kind: 'somethingWentWrong' }),
});

export const auditLogMachine = setup({
  types: {} as {
    context: AuditLogContext;
    events: AuditLogEvent;
    input: AuditLogInput;
    emitted: AuditLogEmitted;
  },
  actors: {
    // Declared here with its type; the real one comes from the app, so this must never run.
    loadAudit: fromPromise<AuditRecord[], PageRequest>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    hasMore: ({ context }) => context.hasMore,
  },
  actions: {
    storeFirstPage: assign(({ context }, params: { page: AuditRecord[] }) => ({
      entries: params.page,
      hasMore: params.page.length >= context.pageSize,
      failure: null,
    })),
    storeOlderPage: assign(({ context }, params: { page: AuditRecord[] }) => {
      // An entry written between two pages can shift the boundary: never list one twice.
      const shown = new Set((context.entries ?? []).map((e) => e.id));
      return {
        entries: [...(context.entries ?? []), ...params.page.filter((e) => !shown.has(e.id))],
        hasMore: params.page.length >= context.pageSize,
      };
    }),
    storeFailure: assign({
      failure: (_, params: { error: unknown }) => {
        const failure = describeFailure(params.error);
        return failure.kind === 'refused' ? failure.text : null;
      },
    }),
    // The effects: the app provides them (src/staff/provider.ts); until then they are emitted,
    // so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<AuditLogNotice>) => params),
  },
}).createMachine({
  id: 'auditLog',
  description: 'The audit log for admins, latest first, a page at a time.',
  context: ({ input }) => ({ token: input.token, pageSize: input.pageSize, entries: null, hasMore: false, failure: null }),
  initial: 'Loading',
  states: {
    Loading: {
      description: 'The latest page.',
      tags: ['loading'],
      invoke: {
        id: 'loadAudit',
        src: 'loadAudit',
        input: ({ context }) => ({ limit: context.pageSize, before: null, token: context.token }),
        onDone: { target: 'Ready', actions: { type: 'storeFirstPage', params: ({ event }) => ({ page: event.output }) } },
        onError: [
          { target: 'Failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    Ready: {
      description: 'The entries; "Older entries" while the last page was full.',
      on: {
        'audit.more': { guard: 'hasMore', target: 'LoadingMore' },
        'audit.refresh': 'Loading',
      },
    },
    LoadingMore: {
      description: 'The page before the last entry shown. A failure keeps what is shown and says so.',
      tags: ['loadingMore'],
      invoke: {
        id: 'loadOlder',
        src: 'loadAudit',
        input: ({ context }) => ({ limit: context.pageSize, before: context.entries?.at(-1)?.id ?? null, token: context.token }),
        onDone: { target: 'Ready', actions: { type: 'storeOlderPage', params: ({ event }) => ({ page: event.output }) } },
        onError: [
          { target: 'Ready', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
        ],
      },
    },
    Failed: {
      description: "The log could not be loaded: the server's words (a doctor: admins only) or 'Something went wrong.'.",
      on: { 'audit.retry': 'Loading' },
    },
  },
});

type Snapshot = SnapshotFrom<typeof auditLogMachine>;

export const selectEntries = (snapshot: Snapshot): AuditRecord[] => snapshot.context.entries ?? [];
export const selectLogStatus = (snapshot: Snapshot): AuditLogStatus => {
  if (snapshot.matches('Failed')) return 'failed';
  const { entries } = snapshot.context;
  if (entries === null) return 'loading';
  return entries.length === 0 ? 'empty' : 'ready';
};
export const selectHasMore = (snapshot: Snapshot): boolean => snapshot.context.hasMore;
export const selectIsLoadingMore = (snapshot: Snapshot): boolean => snapshot.hasTag('loadingMore');
export const selectFailure = (snapshot: Snapshot): string | null => snapshot.context.failure;
