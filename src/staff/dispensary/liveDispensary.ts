/** The real dispensary calls (./services.ts), over src/api/dispensary.ts. */
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { CatalogueItemInput, CatalogueStatus } from '../../../contract/catalogue';
import type { SearchInput } from '../../../machines/cataloguePicker/cataloguePickerMachine';
import { catalogueRow, cataloguePayload, type CatalogueRow } from '../../../machines/dispensary/catalogueList';
import type { DispenseInput, LoadStockInput, SaveStockInput, StockView } from '../../../machines/dispensary/stockContext';
import type { LoadInput, RemoveInput, SaveInput } from '../../../machines/staffAdmin/adminListContext';
import type { ApiFailure } from '../../api/client';
import { dispensaryApi as api } from '../../api/dispensary';
import { fromApi } from '../../app/fromApi';
import type { DispensaryServices } from './services';

/** The stock first (it names the location when none was asked), then the low list and the orders there. */
async function loadStock({ locationId, token }: LoadStockInput, signal: AbortSignal): Promise<Either<ApiFailure, StockView>> {
  const stock = await api.stock(locationId, token, signal);
  if (isLeft(stock)) return stock;
  const at = stock.right.locationId;
  const [low, orders] = await Promise.all([api.lowStock(null, token, signal), api.orders(at, token, signal)]);
  if (isLeft(low)) return low;
  if (isLeft(orders)) return orders;
  return right({ ...stock.right, low: low.right.lines, orders: at === null ? [] : orders.right.orders });
}

function saveStock({ kind, itemId, locationId, amount, note, token }: SaveStockInput, signal: AbortSignal) {
  if (kind === 'receive') return api.receive({ itemId, locationId, quantity: amount, ...(note.trim() ? { note } : {}) } as never, token, signal);
  if (kind === 'adjust') return api.adjust({ itemId, locationId, change: amount, note } as never, token, signal);
  return api.setLowAt({ itemId, locationId, lowAt: amount } as never, token, signal);
}

const noMessage = () => ({ message: '' });

export const liveDispensaryServices: DispensaryServices = {
  actors: {
    loadStock: fromApi(loadStock),
    saveStock: fromApi(saveStock, (): unknown => null),
    dispense: fromApi(({ orderId, token }: DispenseInput, signal) => api.dispense(orderId, token, signal), (): unknown => null),
    searchCatalogue: fromApi(
      ({ q, locationId, token }: SearchInput, signal) => api.search(q, locationId, token, signal),
      (answer) => answer.items,
    ),
    catalogue: {
      loadItems: fromApi(
        ({ token, query }: LoadInput, signal) => api.catalogue((query.status as CatalogueStatus | undefined) ?? 'live', token, signal),
        (answer) => answer.items.map(catalogueRow),
      ),
      saveItem: fromApi(({ id, draft, token }: SaveInput, signal) => {
        const item = cataloguePayload(draft) as unknown as CatalogueItemInput;
        return id === null ? api.addItem(item, token, signal) : api.updateItem(id, item, token, signal);
      }, noMessage),
      removeItem: fromApi(({ id, token }: RemoveInput, signal) => api.archiveItem(id, token, signal), noMessage),
      // The catalogue is in name order: nothing to reorder.
      reorderItems: fromApi(async (): Promise<Either<ApiFailure, CatalogueRow[]>> => right([])),
    },
  },
};
