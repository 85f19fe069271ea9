/**
 * The owner's view (docs/insights.md): consultations, revenue, patients, channels, utilisation
 * and lead time over a period of clinic dates, with the previous period of the same length beside
 * it. Served by server/insights; each figure's exact definition is in docs/insights.md.
 *
 * Money is in rupees (contract/money.ts); summed in paise on the server.
 */
import * as t from 'io-ts';
import { ClinicDate, ConsultationType, Id } from './primitives.js';

/** How the series are bucketed: each clinic day, each week (Monday first), each calendar month. */
export const InsightsGrain = t.keyof({ day: null, week: null, month: null }, 'InsightsGrain');
export type InsightsGrain = t.TypeOf<typeof InsightsGrain>;

/** The longest period asked for at once, in days (both ends included). */
export const maxInsightsDays = 366;

export const InsightsQuery = t.intersection(
  [
    t.type({ from: ClinicDate, to: ClinicDate }),
    t.partial({ grain: InsightsGrain, locationId: Id, doctorId: Id, type: ConsultationType }),
  ],
  'InsightsQuery',
);
export type InsightsQuery = t.TypeOf<typeof InsightsQuery>;

/** Confirmed bookings whose visit date is in the period, by how they ended. */
export const ConsultationCounts = t.type(
  { booked: t.number, completed: t.number, cancelled: t.number, noShows: t.number, open: t.number },
  'ConsultationCounts',
);
export type ConsultationCounts = t.TypeOf<typeof ConsultationCounts>;

/** How a payment was made: online (the provider), or at the counter in cash, by UPI or card; `other`: a refund recorded without a payment. */
export const PaymentMode = t.keyof({ online: null, cash: null, upi: null, card: null, other: null }, 'PaymentMode');
export type PaymentMode = t.TypeOf<typeof PaymentMode>;
export const paymentModes: readonly PaymentMode[] = ['online', 'cash', 'upi', 'card', 'other'];

export const RevenueLine = t.type({ mode: PaymentMode, fees: t.number, pharmacy: t.number, refunds: t.number, net: t.number }, 'RevenueLine');
export type RevenueLine = t.TypeOf<typeof RevenueLine>;

export const RevenueTotals = t.type({ fees: t.number, pharmacy: t.number, refunds: t.number, net: t.number }, 'RevenueTotals');
export type RevenueTotals = t.TypeOf<typeof RevenueTotals>;

export const ChannelCounts = t.type({ online: t.number, desk: t.number, walkin: t.number }, 'ChannelCounts');
export type ChannelCounts = t.TypeOf<typeof ChannelCounts>;

export const PatientCounts = t.type({ seen: t.number, new: t.number, returning: t.number }, 'PatientCounts');
export type PatientCounts = t.TypeOf<typeof PatientCounts>;

/** Days from booking to visit: the median and mean (null without bookings) and how many in each band. */
export const LeadTime = t.type(
  {
    medianDays: t.union([t.number, t.null]),
    meanDays: t.union([t.number, t.null]),
    bands: t.type({ sameDay: t.number, upTo2: t.number, upTo7: t.number, upTo14: t.number, upTo30: t.number, over30: t.number }),
  },
  'LeadTime',
);
export type LeadTime = t.TypeOf<typeof LeadTime>;
export const leadTimeBands = ['sameDay', 'upTo2', 'upTo7', 'upTo14', 'upTo30', 'over30'] as const;

/** One period's headline figures (the current one and the previous one). */
export const InsightsSummary = t.type(
  {
    from: ClinicDate,
    to: ClinicDate,
    consultations: ConsultationCounts,
    revenue: RevenueTotals,
    channels: ChannelCounts,
    patients: PatientCounts,
    leadTime: LeadTime,
  },
  'InsightsSummary',
);
export type InsightsSummary = t.TypeOf<typeof InsightsSummary>;

/** One bucket of the series: its first day, the consultations by visit date, the money by the day it moved. */
export const InsightsBucket = t.type(
  {
    start: ClinicDate,
    booked: t.number,
    completed: t.number,
    cancelled: t.number,
    noShows: t.number,
    received: t.number,
    refunds: t.number,
  },
  'InsightsBucket',
);
export type InsightsBucket = t.TypeOf<typeof InsightsBucket>;

/** Consultations of one location, doctor or type in the period (`id` null: online, no location). */
export const InsightsBreakdownRow = t.intersection(
  [t.type({ id: t.union([t.string, t.null]), name: t.string }), ConsultationCounts],
  'InsightsBreakdownRow',
);
export type InsightsBreakdownRow = t.TypeOf<typeof InsightsBreakdownRow>;

/** A doctor's weekly hours over the period (minus leave) against the minutes booked in them. */
export const UtilisationRow = t.type(
  { doctorId: Id, name: t.string, availableMinutes: t.number, bookedMinutes: t.number, share: t.union([t.number, t.null]) },
  'UtilisationRow',
);
export type UtilisationRow = t.TypeOf<typeof UtilisationRow>;

export const InsightsChoice = t.type({ id: Id, name: t.string }, 'InsightsChoice');

export const InsightsAnswer = t.type(
  {
    grain: InsightsGrain,
    /** The doctor the figures are limited to: the one asked for, or a doctor's own. */
    doctorId: t.union([Id, t.null]),
    locationId: t.union([Id, t.null]),
    type: t.union([ConsultationType, t.null]),
    current: InsightsSummary,
    previous: InsightsSummary,
    revenueByMode: t.array(RevenueLine),
    series: t.array(InsightsBucket),
    byLocation: t.array(InsightsBreakdownRow),
    byDoctor: t.array(InsightsBreakdownRow),
    byType: t.array(InsightsBreakdownRow),
    utilisation: t.array(UtilisationRow),
    /** What the filters offer this caller (a doctor: only themselves). */
    choices: t.type({ locations: t.array(InsightsChoice), doctors: t.array(InsightsChoice) }),
  },
  'InsightsAnswer',
);
export type InsightsAnswer = t.TypeOf<typeof InsightsAnswer>;
