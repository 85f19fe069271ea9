/**
 * GET /api/doctor/gettimeslot/{doctorEmail}/{location}/{date} (spec §7): the doctor's slots that
 * day at that location, each booked, unavailable or free (services/schedule.ts). The bearer token
 * is optional: with a live one, the caller's own unpaid hold shows as free to them; a missing,
 * expired or unknown token only means the caller is anonymous here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { slotEndpoints } from '../../contract/endpoints/index.js';
import { optionalUser } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function slotRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  /** Who asks, when a live token says so; slots change with every booking and are per caller: never from a cache. */
  const viewerOf = async (request: FastifyRequest, reply: FastifyReply): Promise<string | null> => {
    const viewer = (await optionalUser(services, request))?._id ?? null;
    reply.header('cache-control', 'no-store');
    return viewer;
  };

  route(app, slotEndpoints.timeSlots, {}, async ({ params }, request, reply) =>
    services.schedule.timeSlots(params.doctorEmail, params.location, params.date, await viewerOf(request, reply)),
  );

  // Online hours (Chat, Video, Call): the same slots as gettimeslot, with no location.
  route(app, slotEndpoints.onlineTimeSlots, {}, async ({ params }, request, reply) =>
    services.schedule.timeSlots(params.doctorEmail, null, params.date, await viewerOf(request, reply)),
  );

  // Availability at a glance: per-day free counts for the booking popup's date strip.
  route(app, slotEndpoints.availability, {}, async ({ params, query }, request, reply) =>
    services.schedule.availability(params.doctorEmail, query, await viewerOf(request, reply)),
  );

  // The doctor step: every doctor of a clinic (or online) with their next free slot.
  route(app, slotEndpoints.nextFree, {}, async ({ query }, request, reply) =>
    services.schedule.nextFree(query.location, await viewerOf(request, reply)),
  );

  route(app, slotEndpoints.soonestOnline, {}, async (_input, request, reply) => services.schedule.soonestOnline(await viewerOf(request, reply)));
}
