/**
 * The dispensary's calls (contract/endpoints/dispensary.ts, docs/dispensary.md): the catalogue,
 * the doctor's picker search, stock per location and dispensing paid orders. Each needs the staff
 * member's bearer token; every call resolves to an Either (./client.ts) and passes the caller's
 * signal on to fetch. The console loads this module with its own chunk.
 */
import type { Either } from 'fp-ts/lib/Either.js';
import type {
  AdjustRequest,
  CatalogueItemInput,
  CatalogueSearchAnswer,
  CatalogueStatus,
  DispensaryOrder,
  LowAtRequest,
  ReceiveRequest,
  StockAtLocation,
  StockLine,
} from '../../contract/catalogue.js';
import type { CatalogueItem } from '../../contract/dispensary.js';
import { dispensaryEndpoints } from '../../contract/endpoints/dispensary.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;

export type DispensaryApi = {
  catalogue(status: CatalogueStatus, token: string, signal?: AbortSignal): Call<{ items: CatalogueItem[] }>;
  addItem(item: CatalogueItemInput, token: string, signal?: AbortSignal): Call<{ item: CatalogueItem }>;
  updateItem(id: string, item: CatalogueItemInput, token: string, signal?: AbortSignal): Call<{ item: CatalogueItem }>;
  archiveItem(id: string, token: string, signal?: AbortSignal): Call<{ item: CatalogueItem }>;
  search(q: string, locationId: string | null, token: string, signal?: AbortSignal): Call<CatalogueSearchAnswer>;
  stock(locationId: string | null, token: string, signal?: AbortSignal): Call<StockAtLocation>;
  lowStock(locationId: string | null, token: string, signal?: AbortSignal): Call<{ lines: StockLine[] }>;
  receive(request: ReceiveRequest, token: string, signal?: AbortSignal): Call<{ line: StockLine }>;
  adjust(request: AdjustRequest, token: string, signal?: AbortSignal): Call<{ line: StockLine }>;
  setLowAt(request: LowAtRequest, token: string, signal?: AbortSignal): Call<{ line: StockLine }>;
  orders(locationId: string | null, token: string, signal?: AbortSignal): Call<{ orders: DispensaryOrder[] }>;
  dispense(orderId: string, token: string, signal?: AbortSignal): Call<{ order: DispensaryOrder }>;
};

export function createDispensaryApi({ call }: ApiClient): DispensaryApi {
  const e = dispensaryEndpoints;
  const where = (locationId: string | null) => (locationId ? { locationId } : {}) as never;
  return {
    catalogue: (status, token, signal) => call(e.catalogue, { query: { status }, token, signal }),
    addItem: (item, token, signal) => call(e.addItem, { body: item as never, token, signal }),
    updateItem: (id, item, token, signal) => call(e.updateItem, { params: { id }, body: item as never, token, signal }),
    archiveItem: (id, token, signal) => call(e.archiveItem, { params: { id }, token, signal }),
    search: (q, locationId, token, signal) => call(e.search, { query: { q, ...(locationId ? { locationId } : {}) } as never, token, signal }),
    stock: (locationId, token, signal) => call(e.stock, { query: where(locationId), token, signal }),
    lowStock: (locationId, token, signal) => call(e.lowStock, { query: where(locationId), token, signal }),
    receive: (request, token, signal) => call(e.receive, { body: request as never, token, signal }),
    adjust: (request, token, signal) => call(e.adjust, { body: request as never, token, signal }),
    setLowAt: (request, token, signal) => call(e.setLowAt, { body: request as never, token, signal }),
    orders: (locationId, token, signal) => call(e.orders, { query: where(locationId), token, signal }),
    dispense: (id, token, signal) => call(e.dispense, { params: { id }, token, signal }),
  };
}

export const dispensaryApi = createDispensaryApi(apiClient);
