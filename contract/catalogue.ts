/**
 * The dispensary's staff calls (docs/dispensary.md): the catalogue as the admin keeps it, the
 * doctor's picker, stock per location, and paid orders to dispense. The catalogue item and the
 * order line are contract/dispensary.ts; the endpoints contract/endpoints/dispensary.ts.
 */
import * as t from 'io-ts';
import { CatalogueItem, OrderLine, RemedyForm } from './dispensary.js';
import { Id, intBetween, line, nonEmptyLine, Rupees } from './primitives.js';

/** The most a stock level holds (stock_levels' check). */
export const maxStock = 1_000_000;
/** The most items one picker search answers. */
export const catalogueSearchLimit = 20;

/** Query strings are text: a whole number written in digits. */
const digitsBetween = (min: number, max: number) =>
  new t.Type<number, string, unknown>(
    `DigitsBetween(${min},${max})`,
    (u): u is number => intBetween(min, max).is(u),
    (u, c) => {
      const n = typeof u === 'string' && /^\d{1,9}$/.test(u) ? Number(u) : Number.NaN;
      return n >= min && n <= max ? t.success(n) : t.failure(u, c, `must be a whole number from ${min} to ${max}`);
    },
    String,
  );

/** A potency as printed: 30C, 200C, 1M, 6X, Q, LM1; '' for a form without one. */
export const Potency = new t.Type<string, string, unknown>(
  'Potency',
  (u): u is string => typeof u === 'string' && /^[0-9A-Za-z/ ]{0,20}$/.test(u),
  (u, c) =>
    typeof u === 'string' && /^[0-9A-Za-z/ ]{0,20}$/.test(u.trim())
      ? t.success(u.trim().toUpperCase())
      : t.failure(u, c, 'must be a potency like 30C, 200C, 1M, 6X or Q (letters and digits, at most 20)'),
  (a) => a,
);

/** POST /staff/catalogue, PUT /staff/catalogue/{id}: an item as the admin writes it. */
export const CatalogueItemInput = t.type(
  { name: nonEmptyLine(200), form: RemedyForm, potency: Potency, pack: nonEmptyLine(50), price: Rupees },
  'CatalogueItemInput',
);
export type CatalogueItemInput = t.TypeOf<typeof CatalogueItemInput>;

/** Which items the list shows: the live ones (the default), the archived ones, or all. */
export const CatalogueStatus = t.keyof({ live: null, archived: null, all: null }, 'CatalogueStatus');
export type CatalogueStatus = t.TypeOf<typeof CatalogueStatus>;
export const CatalogueQuery = t.partial({ status: CatalogueStatus }, 'CatalogueQuery');

export const CatalogueList = t.type({ items: t.array(CatalogueItem) }, 'CatalogueList');
export type CatalogueList = t.TypeOf<typeof CatalogueList>;
export const CatalogueAnswer = t.type({ item: CatalogueItem }, 'CatalogueAnswer');
export type CatalogueAnswer = t.TypeOf<typeof CatalogueAnswer>;
export const CatalogueParams = t.type({ id: Id }, 'CatalogueParams');

/** GET /staff/catalogue/search?q=&locationId=: the start of a name; the stock at that location when named. */
export const CatalogueSearchQuery = t.intersection(
  [t.type({ q: nonEmptyLine(100) }), t.partial({ locationId: Id })],
  'CatalogueSearchQuery',
);
export type CatalogueSearchQuery = t.TypeOf<typeof CatalogueSearchQuery>;
export const CatalogueHit = t.intersection(
  [CatalogueItem, t.type({ /** At the location asked; null when none was asked. */ stock: t.union([t.number, t.null]) })],
  'CatalogueHit',
);
export type CatalogueHit = t.TypeOf<typeof CatalogueHit>;
export const CatalogueSearchAnswer = t.type({ items: t.array(CatalogueHit) }, 'CatalogueSearchAnswer');
export type CatalogueSearchAnswer = t.TypeOf<typeof CatalogueSearchAnswer>;

/** An item's stock at one location: what it holds now and the level at or below which it is low. */
export const StockLine = t.type(
  {
    item: CatalogueItem,
    locationId: t.string,
    locationName: t.string,
    quantity: t.number,
    lowAt: t.number,
    /** quantity <= lowAt. */
    low: t.boolean,
  },
  'StockLine',
);
export type StockLine = t.TypeOf<typeof StockLine>;

/** GET /staff/stock?locationId=: the first location (display order) when none is named. */
export const StockQuery = t.partial({ locationId: Id }, 'StockQuery');
export const StockList = t.type({ lines: t.array(StockLine) }, 'StockList');
export const StockLocation = t.type({ id: t.string, name: t.string }, 'StockLocation');
export type StockLocation = t.TypeOf<typeof StockLocation>;
/** One location's stock, with every location to choose from. */
export const StockAtLocation = t.type(
  { locationId: t.union([t.string, t.null]), locations: t.array(StockLocation), lines: t.array(StockLine) },
  'StockAtLocation',
);
export type StockAtLocation = t.TypeOf<typeof StockAtLocation>;
export type StockList = t.TypeOf<typeof StockList>;
export const LowStockQuery = t.partial({ locationId: Id }, 'LowStockQuery');
export const StockAnswer = t.type({ line: StockLine }, 'StockAnswer');
export type StockAnswer = t.TypeOf<typeof StockAnswer>;

/** POST /staff/stock/receive: packs received at a location. */
export const ReceiveRequest = t.intersection(
  [t.type({ itemId: Id, locationId: Id, quantity: intBetween(1, maxStock) }), t.partial({ note: line(500) })],
  'ReceiveRequest',
);
export type ReceiveRequest = t.TypeOf<typeof ReceiveRequest>;

/** A change of stock that is not zero: a count, a breakage, an expiry. */
const StockChange = new t.Type<number, number, unknown>(
  'StockChange',
  (u): u is number => Number.isInteger(u) && u !== 0 && Math.abs(u as number) <= maxStock,
  (u, c) =>
    Number.isInteger(u) && u !== 0 && Math.abs(u as number) <= maxStock
      ? t.success(u as number)
      : t.failure(u, c, `must be a whole number from -${maxStock} to ${maxStock}, not 0`),
  (a) => a,
);

/** POST /staff/stock/adjust: a correction, up or down, always with its reason. */
export const AdjustRequest = t.type({ itemId: Id, locationId: Id, change: StockChange, note: nonEmptyLine(500) }, 'AdjustRequest');
export type AdjustRequest = t.TypeOf<typeof AdjustRequest>;

/** PUT /staff/stock/low-at: the level at or below which an item is low at a location. */
export const LowAtRequest = t.type({ itemId: Id, locationId: Id, lowAt: intBetween(0, maxStock) }, 'LowAtRequest');
export type LowAtRequest = t.TypeOf<typeof LowAtRequest>;

export const MovementKind = t.keyof({ received: null, dispensed: null, adjusted: null }, 'MovementKind');
export const StockMovement = t.type(
  {
    id: t.string,
    kind: MovementKind,
    change: t.number,
    orderId: t.union([t.string, t.null]),
    note: t.string,
    /** Who made it: a staff email, '' once that account is gone. */
    actor: t.string,
    at: t.string,
  },
  'StockMovement',
);
export type StockMovement = t.TypeOf<typeof StockMovement>;
export const MovementsQuery = t.intersection(
  [t.type({ itemId: Id, locationId: Id }), t.partial({ limit: digitsBetween(1, 200) })],
  'MovementsQuery',
);
export const MovementList = t.type({ movements: t.array(StockMovement) }, 'MovementList');
export type MovementList = t.TypeOf<typeof MovementList>;

/** A pharmacy order as the dispensary fills it. */
export const DispensaryOrder = t.type(
  {
    id: t.string,
    appointmentId: t.string,
    patientName: t.string,
    locationId: t.union([t.string, t.null]),
    locationName: t.string,
    paymentMode: t.string,
    paymentStatus: t.string,
    orderStatus: t.string,
    totalPrice: Rupees,
    items: t.array(OrderLine),
    /** When its items left the stock; null while waiting. */
    dispensedAt: t.union([t.string, t.null]),
  },
  'DispensaryOrder',
);
export type DispensaryOrder = t.TypeOf<typeof DispensaryOrder>;

/** GET /staff/dispensary/orders: paid orders waiting (the default) or dispensed, of one location or all. */
export const DispensaryOrdersQuery = t.partial(
  { locationId: Id, status: t.keyof({ waiting: null, dispensed: null }) },
  'DispensaryOrdersQuery',
);
export type DispensaryOrdersQuery = t.TypeOf<typeof DispensaryOrdersQuery>;
export const DispensaryOrderList = t.type({ orders: t.array(DispensaryOrder) }, 'DispensaryOrderList');
export type DispensaryOrderList = t.TypeOf<typeof DispensaryOrderList>;
export const DispenseParams = t.type({ id: Id }, 'DispenseParams');
export const DispenseAnswer = t.type({ order: DispensaryOrder }, 'DispenseAnswer');
export type DispenseAnswer = t.TypeOf<typeof DispenseAnswer>;

/** 409 'dispenseShort': the items a location lacks for the order (nothing was taken). */
export const DispenseShortage = t.type(
  { itemId: t.string, name: t.string, needed: t.number, available: t.number },
  'DispenseShortage',
);
export type DispenseShortage = t.TypeOf<typeof DispenseShortage>;
