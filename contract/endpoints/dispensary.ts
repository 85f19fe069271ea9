/**
 * The dispensary's calls (docs/dispensary.md): the clinic's catalogue of remedies, stock per
 * location, and dispensing a paid order. Codecs in contract/catalogue.ts (the item and the order
 * line: contract/dispensary.ts); served by server/dispensary/routes.ts.
 *
 * Catalogue                                                         action in the audit log
 *   GET  /staff/catalogue?status=live|archived|all   -> CatalogueList (live by default; by name)
 *   POST /staff/catalogue                  CatalogueItemInput -> CatalogueAnswer   catalogue.created
 *   PUT  /staff/catalogue/{id}             CatalogueItemInput -> CatalogueAnswer   catalogue.updated
 *   POST /staff/catalogue/{id}/archive     -> CatalogueAnswer                      catalogue.archived
 *        (never deleted: old orders point at it; archiving an archived item answers it as it is)
 *        409 code 'catalogueDuplicate': a live item has that name, form, potency and pack
 *        409 code 'catalogueArchived': an archived item is not changed
 *   GET  /staff/catalogue/search?q=&locationId=   -> CatalogueSearchAnswer: live items whose name
 *        starts with q (any case), by name, at most catalogueSearchLimit, with the stock at locationId
 *
 * Stock
 *   GET  /staff/stock?locationId=          -> StockAtLocation: every live item at that location (the first
 *        location when none is named), and the locations to choose from
 *   GET  /staff/stock/low?locationId=      -> StockList: live items with quantity <= lowAt (every location when none named)
 *   GET  /staff/stock/movements?itemId=&locationId=&limit=  -> MovementList, newest first
 *   POST /staff/stock/receive              ReceiveRequest -> StockAnswer   stock.received
 *   POST /staff/stock/adjust               AdjustRequest -> StockAnswer    stock.adjusted
 *   PUT  /staff/stock/low-at               LowAtRequest -> StockAnswer     stock.lowat
 *        409 code 'stockNegative': the change would take the quantity below zero (nothing written);
 *        409 code 'stockTooHigh': above maxStock; 409 'catalogueArchived': receiving an archived item
 *
 * Dispensing
 *   GET  /staff/dispensary/orders?locationId=&status=waiting|dispensed  -> DispensaryOrderList
 *        paid orders (payment Completed, or a Cash order, not cancelled) with catalogue lines
 *   POST /staff/orders/{id}/dispense       -> DispenseAnswer               order.dispensed
 *        takes each catalogue line's quantity from the order's location, all or nothing; an order
 *        dispensed already answers as it is (twice, or on two instances: dispensed once)
 *        409 code 'dispenseUnpaid' (not paid, or cancelled or refunded), 'dispenseNoLocation',
 *        'dispenseNoItems' (no catalogue line), 'dispenseShort' { message, code, short: DispenseShortage[] }
 *
 * Who may call: 401 without a live token, 403 for a patient's token (as every staff call).
 * Reading the catalogue, the search, stock levels and movements: every staff member. Writing the
 * catalogue: admins (403 for a doctor or reception). Stock changes, the orders list and
 * dispensing: reception and admins (403 for a doctor). Bad input: 400 { message, errors } naming
 * the field, nothing written. An unknown item, location or order: 404.
 */
import {
  AdjustRequest,
  CatalogueAnswer,
  CatalogueItemInput,
  CatalogueList,
  CatalogueParams,
  CatalogueQuery,
  CatalogueSearchAnswer,
  CatalogueSearchQuery,
  DispenseAnswer,
  DispenseParams,
  DispensaryOrderList,
  DispensaryOrdersQuery,
  LowAtRequest,
  LowStockQuery,
  MovementList,
  MovementsQuery,
  ReceiveRequest,
  StockAnswer,
  StockAtLocation,
  StockList,
  StockQuery,
} from '../catalogue.js';
import { endpoint } from '../endpoint.js';

export const dispensaryEndpoints = {
  catalogue: endpoint({ method: 'GET', path: '/staff/catalogue', query: CatalogueQuery, answer: CatalogueList }),
  addItem: endpoint({ method: 'POST', path: '/staff/catalogue', body: CatalogueItemInput, answer: CatalogueAnswer }),
  updateItem: endpoint({ method: 'PUT', path: '/staff/catalogue/:id', params: CatalogueParams, body: CatalogueItemInput, answer: CatalogueAnswer }),
  archiveItem: endpoint({ method: 'POST', path: '/staff/catalogue/:id/archive', params: CatalogueParams, answer: CatalogueAnswer }),
  search: endpoint({ method: 'GET', path: '/staff/catalogue/search', query: CatalogueSearchQuery, answer: CatalogueSearchAnswer }),
  stock: endpoint({ method: 'GET', path: '/staff/stock', query: StockQuery, answer: StockAtLocation }),
  lowStock: endpoint({ method: 'GET', path: '/staff/stock/low', query: LowStockQuery, answer: StockList }),
  movements: endpoint({ method: 'GET', path: '/staff/stock/movements', query: MovementsQuery, answer: MovementList }),
  receive: endpoint({ method: 'POST', path: '/staff/stock/receive', body: ReceiveRequest, answer: StockAnswer }),
  adjust: endpoint({ method: 'POST', path: '/staff/stock/adjust', body: AdjustRequest, answer: StockAnswer }),
  setLowAt: endpoint({ method: 'PUT', path: '/staff/stock/low-at', body: LowAtRequest, answer: StockAnswer }),
  orders: endpoint({ method: 'GET', path: '/staff/dispensary/orders', query: DispensaryOrdersQuery, answer: DispensaryOrderList }),
  dispense: endpoint({ method: 'POST', path: '/staff/orders/:id/dispense', params: DispenseParams, answer: DispenseAnswer }),
};
