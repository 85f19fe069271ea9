/**
 * The dispensary's service (docs/dispensary.md): the catalogue, stock per location, dispensing.
 * The routes (routes.ts) call it with a staff member the staff guard admitted; each method checks
 * who may (rules.ts) first. Every change is written with its audit row in one transaction
 * (who, when, what, before and after), and a refused change writes nothing.
 */
import type {
  AdjustRequest,
  CatalogueItemInput,
  CatalogueStatus,
  DispensaryOrder,
  DispensaryOrdersQuery,
  DispenseShortage,
  LowAtRequest,
  ReceiveRequest,
  StockAtLocation,
  StockLine,
} from '../../contract/catalogue.js';
import { catalogueSearchLimit } from '../../contract/catalogue.js';
import type { CatalogueItem } from '../../contract/dispensary.js';
import { type Database, isUniqueViolation, type Queryable } from '../db/database.js';
import { insertAudit } from '../repositories/staff.js';
import { ConflictError, ConflictWithBodyError, NotFoundError } from '../services/errors.js';
import { auditActor, type Staff } from '../services/staff.js';
import { dispensaryMessages as m } from './messages.js';
import * as repo from './repository.js';
import { assertDispensable, assertWorksStock, assertWritesCatalogue, stockAfter } from './rules.js';

export interface DispensaryDeps {
  db: Database;
  now: () => Date;
}

const audit = (tx: Queryable, staff: Staff, action: string, details: Record<string, unknown>, at: Date, appointmentId?: string) =>
  insertAudit(tx, { ...auditActor(staff), action, ...(appointmentId ? { appointmentId } : {}), details }, at);

/** The item as written: the name trimmed with its spaces run together, the pack trimmed. */
const fieldsOf = (input: CatalogueItemInput): repo.ItemFields => ({
  name: input.name.trim().replace(/\s+/g, ' '),
  form: input.form,
  potency: input.potency,
  pack: input.pack.trim().replace(/\s+/g, ' '),
  price: input.price,
});

const itemFields = (item: CatalogueItem) => ({ name: item.name, form: item.form, potency: item.potency, pack: item.pack, price: item.price });

async function existingItem(q: Queryable, id: string, forUpdate = false): Promise<CatalogueItem> {
  const item = await repo.findItem(q, id.toLowerCase(), forUpdate);
  if (!item) throw new NotFoundError(m.itemNotFound);
  return item;
}

async function existingLocation(q: Queryable, id: string): Promise<string> {
  const name = await repo.locationName(q, id.toLowerCase());
  if (name === null) throw new NotFoundError(m.locationNotFound);
  return name;
}

/** A duplicate live item is a 409 with its code, whichever transaction met it. */
async function catalogueWrite<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error, repo.liveItemKey)) throw new ConflictError(m.duplicate);
    throw error;
  }
}

/** The catalogue: every staff member reads it and the picker searches it; admins write it. */
function cataloguePart({ db, now }: DispensaryDeps) {
  return {
    async list(staff: Staff, status: CatalogueStatus = 'live'): Promise<{ items: CatalogueItem[] }> {
      void staff; // every staff member reads the catalogue
      return { items: await repo.listItems(db, status) };
    },

    async create(staff: Staff, input: CatalogueItemInput): Promise<{ item: CatalogueItem }> {
      assertWritesCatalogue(staff);
      const at = now();
      const fields = fieldsOf(input);
      const id = await catalogueWrite(() =>
        db.transaction(async (tx) => {
          const id = await repo.insertItem(tx, fields, at);
          await audit(tx, staff, 'catalogue.created', { itemId: id, after: fields }, at);
          return id;
        }),
      );
      return { item: (await repo.findItem(db, id))! };
    },

    async update(staff: Staff, id: string, input: CatalogueItemInput): Promise<{ item: CatalogueItem }> {
      assertWritesCatalogue(staff);
      const at = now();
      const fields = fieldsOf(input);
      const itemId = await catalogueWrite(() =>
        db.transaction(async (tx) => {
          const item = await existingItem(tx, id, true);
          if (item.archived) throw new ConflictError(m.archived);
          await repo.updateItem(tx, item.id, fields, at);
          await audit(tx, staff, 'catalogue.updated', { itemId: item.id, before: itemFields(item), after: fields }, at);
          return item.id;
        }),
      );
      return { item: (await repo.findItem(db, itemId))! };
    },

    /** Archived, never deleted (old orders point at it); archiving an archived item changes nothing. */
    async archive(staff: Staff, id: string): Promise<{ item: CatalogueItem }> {
      assertWritesCatalogue(staff);
      const at = now();
      const itemId = await db.transaction(async (tx) => {
        const item = await existingItem(tx, id, true);
        if (item.archived) return item.id;
        await repo.archiveItem(tx, item.id, at);
        await audit(tx, staff, 'catalogue.archived', { itemId: item.id, item: itemFields(item), before: { archived: false }, after: { archived: true } }, at);
        return item.id;
      });
      return { item: (await repo.findItem(db, itemId))! };
    },

    async search(staff: Staff, q: string, locationId: string | undefined) {
      void staff;
      return { items: await repo.searchItems(db, q.trim(), locationId?.toLowerCase() ?? null, catalogueSearchLimit) };
    },

  };
}

/** Stock per location: levels, movements, the low list; reception and admins change it. */
function stockPart({ db, now }: DispensaryDeps) {
  /** One change of a level (received or adjusted), under the level's lock. */
  async function changeStock(staff: Staff, kind: 'received' | 'adjusted', r: { itemId: string; locationId: string; change: number; note: string }): Promise<StockLine> {
    assertWorksStock(staff);
    const itemId = r.itemId.toLowerCase();
    const locationId = r.locationId.toLowerCase();
    const at = now();
    await db.transaction(async (tx) => {
      const item = await existingItem(tx, itemId);
      const location = await existingLocation(tx, locationId);
      // New stock of an archived item is refused; a count or a write-off of what is left is not.
      if (item.archived && r.change > 0) throw new ConflictError(m.archived);
      const level = await repo.lockLevel(tx, itemId, locationId, at);
      const quantity = stockAfter(level.quantity, r.change);
      await repo.setQuantity(tx, itemId, locationId, quantity, at);
      await repo.insertMovement(tx, { itemId, locationId, kind, change: r.change, note: r.note, actorUserId: staff.user._id }, at);
      await audit(
        tx,
        staff,
        kind === 'received' ? 'stock.received' : 'stock.adjusted',
        { itemId, item: item.name, locationId, location, change: r.change, note: r.note, before: { quantity: level.quantity }, after: { quantity } },
        at,
      );
    });
    return repo.stockLine(db, itemId, locationId);
  }

  return {
    async stock(staff: Staff, asked: string | undefined): Promise<StockAtLocation> {
      void staff;
      if (asked !== undefined) await existingLocation(db, asked);
      const locations = await repo.locations(db);
      const locationId = asked?.toLowerCase() ?? locations[0]?.id ?? null;
      return { locationId, locations, lines: locationId === null ? [] : await repo.stockAt(db, locationId) };
    },

    async lowStock(staff: Staff, locationId: string | undefined): Promise<{ lines: StockLine[] }> {
      void staff;
      if (locationId !== undefined) await existingLocation(db, locationId);
      return { lines: await repo.lowStock(db, locationId?.toLowerCase() ?? null) };
    },

    async movements(staff: Staff, itemId: string, locationId: string, limit = 50) {
      void staff;
      await existingItem(db, itemId);
      await existingLocation(db, locationId);
      return { movements: await repo.movements(db, itemId.toLowerCase(), locationId.toLowerCase(), limit) };
    },

    async receive(staff: Staff, r: ReceiveRequest): Promise<{ line: StockLine }> {
      return { line: await changeStock(staff, 'received', { itemId: r.itemId, locationId: r.locationId, change: r.quantity, note: (r.note ?? '').trim() }) };
    },

    async adjust(staff: Staff, r: AdjustRequest): Promise<{ line: StockLine }> {
      return { line: await changeStock(staff, 'adjusted', { itemId: r.itemId, locationId: r.locationId, change: r.change, note: r.note.trim() }) };
    },

    async setLowAt(staff: Staff, r: LowAtRequest): Promise<{ line: StockLine }> {
      assertWorksStock(staff);
      const itemId = r.itemId.toLowerCase();
      const locationId = r.locationId.toLowerCase();
      const at = now();
      await db.transaction(async (tx) => {
        const item = await existingItem(tx, itemId);
        const location = await existingLocation(tx, locationId);
        const level = await repo.lockLevel(tx, itemId, locationId, at);
        if (level.lowAt === r.lowAt) return;
        await repo.setLowAt(tx, itemId, locationId, r.lowAt, at);
        await audit(tx, staff, 'stock.lowat', { itemId, item: item.name, locationId, location, before: { lowAt: level.lowAt }, after: { lowAt: r.lowAt } }, at);
      });
      return { line: await repo.stockLine(db, itemId, locationId) };
    },

  };
}

/** Paid orders to dispense, and dispensing one from its location's stock once. */
function dispensingPart({ db, now }: DispensaryDeps) {
  return {
    async orders(staff: Staff, query: DispensaryOrdersQuery): Promise<{ orders: DispensaryOrder[] }> {
      assertWorksStock(staff);
      return { orders: await repo.dispensaryOrders(db, query.locationId?.toLowerCase() ?? null, query.status === 'dispensed') };
    },

    /**
     * The order's catalogue lines taken from its location's stock, all or nothing: the order's row
     * lock makes a second dispensing (another click, another instance) wait and then find it
     * dispensed, which it answers as it is; the unique index on dispensed movements stands behind
     * the lock. Each level is locked before it is read, so a shortage is a 409 that took nothing.
     */
    async dispense(staff: Staff, id: string): Promise<{ order: DispensaryOrder }> {
      assertWorksStock(staff);
      const orderId = id.toLowerCase();
      const at = now();
      try {
        await db.transaction(async (tx) => {
          const order = await repo.findDispenseState(tx, orderId, true);
          if (!order) throw new NotFoundError(m.orderNotFound);
          if (order.dispensedAt !== null) return;
          assertDispensable(order);
          if (order.locationId === null) throw new ConflictError(m.noLocation);
          const needed = await repo.neededItems(tx, orderId);
          if (needed.length === 0) throw new ConflictError(m.noItems);
          const levels = await repo.lockLevels(tx, needed.map((n) => n.itemId), order.locationId, at);
          const short: DispenseShortage[] = needed
            .filter((n) => (levels.get(n.itemId) ?? 0) < n.needed)
            .map((n) => ({ itemId: n.itemId, name: n.name, needed: n.needed, available: levels.get(n.itemId) ?? 0 }));
          if (short.length > 0) throw new ConflictWithBodyError({ message: m.short, code: 'dispenseShort', short });
          for (const n of needed) {
            const before = levels.get(n.itemId)!;
            await repo.setQuantity(tx, n.itemId, order.locationId, before - n.needed, at);
            await repo.insertMovement(tx, { itemId: n.itemId, locationId: order.locationId, kind: 'dispensed', change: -n.needed, orderId, actorUserId: staff.user._id }, at);
          }
          await repo.markDispensed(tx, orderId, at);
          await audit(
            tx,
            staff,
            'order.dispensed',
            {
              orderId,
              locationId: order.locationId,
              items: needed.map((n) => ({ itemId: n.itemId, name: n.name, quantity: n.needed, before: levels.get(n.itemId), after: levels.get(n.itemId)! - n.needed })),
              before: { dispensedAt: null },
              after: { dispensedAt: at.toISOString() },
            },
            at,
            order.appointmentId,
          );
        });
      } catch (error) {
        // Dispensed by another transaction the lock did not order before this one: it is dispensed once.
        if (!isUniqueViolation(error, repo.dispensedKey)) throw error;
      }
      return { order: (await repo.dispensaryOrder(db, orderId))! };
    },
  };
}

export function createDispensaryService(deps: DispensaryDeps) {
  return { ...cataloguePart(deps), ...stockPart(deps), ...dispensingPart(deps) };
}
export type DispensaryService = ReturnType<typeof createDispensaryService>;
