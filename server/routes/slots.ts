/**
 * GET /api/doctor/gettimeslot/{doctorEmail}/{location}/{date} (spec §7): the doctor's slots that
 * day at that location, each booked, unavailable or free (services/schedule.ts). The bearer token
 * is optional: with a live one, the caller's own unpaid hold shows as free to them; a missing,
 * expired or unknown token only means the caller is anonymous here.
 */
import type { FastifyInstance } from 'fastify';
import { TimeSlotList, TimeSlotParams } from '../../contract/appointments.js';
import { Availability, AvailabilityParams, AvailabilityQuery, NextFreeList, NextFreeQuery, OnlineTimeSlotParams, SoonestOnlineList } from '../../contract/availability.js';
import { optionalUser } from '../http/auth.js';
import { handle } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function slotRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  app.get(
    '/doctor/gettimeslot/:doctorEmail/:location/:date',
    handle({ params: TimeSlotParams, answer: TimeSlotList }, async ({ params }, request, reply) => {
      const viewer = (await optionalUser(services, request))?._id ?? null;
      // Slots change with every booking: never from a cache; and per caller when a token was sent.
      reply.header('cache-control', 'no-store');
      return services.schedule.timeSlots(params.doctorEmail, params.location, params.date, viewer);
    }),
  );

  // Online hours (Chat, Video, Call; 010): the same slots as gettimeslot, with no location.
  app.get(
    '/doctor/onlinetimeslot/:doctorEmail/:date',
    handle({ params: OnlineTimeSlotParams, answer: TimeSlotList }, async ({ params }, request, reply) => {
      const viewer = (await optionalUser(services, request))?._id ?? null;
      reply.header('cache-control', 'no-store');
      return services.schedule.timeSlots(params.doctorEmail, null, params.date, viewer);
    }),
  );

  // Availability at a glance: per-day free counts for the booking popup's date strip.
  app.get(
    '/doctor/availability/:doctorEmail',
    handle({ params: AvailabilityParams, query: AvailabilityQuery, answer: Availability }, async ({ params, query }, request, reply) => {
      const viewer = (await optionalUser(services, request))?._id ?? null;
      reply.header('cache-control', 'no-store');
      return services.schedule.availability(params.doctorEmail, query, viewer);
    }),
  );

  // The doctor step: every doctor of a clinic (or online) with their next free slot.
  app.get(
    '/doctor/nextfree',
    handle({ query: NextFreeQuery, answer: NextFreeList }, async ({ query }, request, reply) => {
      const viewer = (await optionalUser(services, request))?._id ?? null;
      reply.header('cache-control', 'no-store');
      return services.schedule.nextFree(query.location, viewer);
    }),
  );

  app.get(
    '/doctor/soonest/online',
    handle({ answer: SoonestOnlineList }, async (_input, request, reply) => {
      const viewer = (await optionalUser(services, request))?._id ?? null;
      reply.header('cache-control', 'no-store');
      return services.schedule.soonestOnline(viewer);
    }),
  );
}
