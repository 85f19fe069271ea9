/**
 * The owner's view (docs/insights.md): the figures of a period and filter, asked again whenever
 * the period, the bucket size, the location, the doctor or the type changes.
 *
 * Input: `{ token, query }` (the first period: the staff console's choice, this month so far).
 *
 * Events:
 * - `insights.filter` { query }: another period or filter; what is shown stays until the answer
 *   (`selectIsLoading`), and a change while one is asked for asks for the newest only.
 * - `insights.retry`: the same query again, from Failed.
 *
 * The app provides (`insightsMachine.provide({ actors })`), rejecting with an ApiFailure:
 * - `loadInsights` { query, token } -> InsightsAnswer (src/staff/insights/api.ts)
 *
 * Shown: `selectStatus` 'loading' | 'ready' | 'failed'; `selectAnswer` (the last answer, or
 * null); `selectQuery`; `selectFailure` (the server's words or null).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type * as t from 'io-ts';
import type { InsightsAnswer, InsightsQuery } from '../../contract/insights.js';
import { describeFailure } from '../shared/notices.js';

/** The query as the views hold it: plain strings (the contract's codecs check them on the server). */
export type InsightsFilter = { from: string; to: string; grain: 'day' | 'week' | 'month'; locationId: string; doctorId: string; type: string };

export type InsightsInput = { token: string; query: InsightsFilter };

export type InsightsEvent = { type: 'insights.filter'; query: InsightsFilter } | { type: 'insights.retry' };

export type InsightsContext = {
  token: string;
  query: InsightsFilter;
  answer: InsightsAnswer | null;
  failure: string | null;
};

export type InsightsStatus = 'loading' | 'ready' | 'failed';

/** The request's query: empty filters left out. */
export function insightsQueryOf(filter: InsightsFilter): t.OutputOf<typeof InsightsQuery> {
  const query: Record<string, string> = { from: filter.from, to: filter.to, grain: filter.grain };
  if (filter.locationId) query.locationId = filter.locationId;
  if (filter.doctorId) query.doctorId = filter.doctorId;
  if (filter.type) query.type = filter.type;
  return query as t.OutputOf<typeof InsightsQuery>;
}

export const insightsMachine = setup({
  types: {} as { context: InsightsContext; events: InsightsEvent; input: InsightsInput },
  actors: {
    // Declared here with its type; the real one comes from the app, so this must never run.
    loadInsights: fromPromise<InsightsAnswer, { query: InsightsFilter; token: string }>(() => Promise.reject(new Error('not provided'))),
  },
  actions: {
    storeQuery: assign({ query: (_, params: { query: InsightsFilter }) => params.query }),
    storeAnswer: assign({ answer: (_, params: { answer: InsightsAnswer }) => params.answer, failure: null }),
    storeFailure: assign({
      failure: (_, params: { error: unknown }) => {
        const failure = describeFailure(params.error);
        return failure.kind === 'refused' ? failure.text : null;
      },
    }),
  },
}).createMachine({
  id: 'insights',
  description: "The owner's view: a period's figures and the previous period's, asked again on each change of filter.",
  context: ({ input }) => ({ token: input.token, query: input.query, answer: null, failure: null }),
  initial: 'Loading',
  on: {
    'insights.filter': { target: '.Loading', reenter: true, actions: { type: 'storeQuery', params: ({ event }) => ({ query: event.query }) } },
  },
  states: {
    Loading: {
      description: 'The figures of the query; the last answer stays shown meanwhile.',
      tags: ['loading'],
      invoke: {
        id: 'loadInsights',
        src: 'loadInsights',
        input: ({ context }) => ({ query: context.query, token: context.token }),
        onDone: { target: 'Ready', actions: { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'Failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    Ready: {
      description: 'The figures, their charts and tables, and the CSV of each view.',
    },
    Failed: {
      description: "The figures could not be loaded: the server's words (reception: admins and doctors only) or a retry.",
      on: { 'insights.retry': 'Loading' },
    },
  },
});

type Snapshot = SnapshotFrom<typeof insightsMachine>;

export const selectStatus = (snapshot: Snapshot): InsightsStatus =>
  snapshot.matches('Failed') ? 'failed' : snapshot.context.answer === null || snapshot.matches('Loading') ? (snapshot.context.answer ? 'ready' : 'loading') : 'ready';
export const selectIsLoading = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
export const selectAnswer = (snapshot: Snapshot): InsightsAnswer | null => snapshot.context.answer;
export const selectQuery = (snapshot: Snapshot): InsightsFilter => snapshot.context.query;
export const selectFailure = (snapshot: Snapshot): string | null => snapshot.context.failure;
