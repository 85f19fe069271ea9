/**
 * The dispensary's endpoints (contract/endpoints/dispensary.ts, every one of them), registered
 * from the contract's table. One guard for all: 401 without a live token, then 403 for anybody
 * who is not staff (a patient's token, as every staff call), before the body is read; the service
 * answers 403 to staff a part is not for (a doctor changing stock, reception the catalogue).
 */
import type { FastifyInstance } from 'fastify';
import { dispensaryEndpoints as d } from '../../contract/endpoints/index.js';
import { staffRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function dispensaryRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const guard = staffRequired(services);
  const guarded = { preHandler: guard.preHandler };
  const staffOf = guard.staffOf;
  const s = services.dispensary;

  route(app, d.catalogue, guarded, ({ query }, request) => s.list(staffOf(request), query.status));
  route(app, d.addItem, guarded, ({ body }, request) => s.create(staffOf(request), body));
  route(app, d.updateItem, guarded, ({ params, body }, request) => s.update(staffOf(request), params.id, body));
  route(app, d.archiveItem, guarded, ({ params }, request) => s.archive(staffOf(request), params.id));
  route(app, d.search, guarded, ({ query }, request) => s.search(staffOf(request), query.q, query.locationId));
  route(app, d.stock, guarded, ({ query }, request) => s.stock(staffOf(request), query.locationId));
  route(app, d.lowStock, guarded, ({ query }, request) => s.lowStock(staffOf(request), query.locationId));
  route(app, d.movements, guarded, ({ query }, request) => s.movements(staffOf(request), query.itemId, query.locationId, query.limit));
  route(app, d.receive, guarded, ({ body }, request) => s.receive(staffOf(request), body));
  route(app, d.adjust, guarded, ({ body }, request) => s.adjust(staffOf(request), body));
  route(app, d.setLowAt, guarded, ({ body }, request) => s.setLowAt(staffOf(request), body));
  route(app, d.orders, guarded, ({ query }, request) => s.orders(staffOf(request), query));
  route(app, d.dispense, guarded, ({ params }, request) => s.dispense(staffOf(request), params.id));
}
