/**
 * The calls the dispensary's machines get (StaffServices.dispensary, ../services.tsx): the real
 * ones in ./liveDispensary.ts, fakes in tests, given to each machine with
 * `machine.provide({ actors })`. Each actor rejects with an ApiFailure when its call fails.
 */
import type { PromiseActorLogic } from 'xstate';
import type { CatalogueHit } from '../../../contract/catalogue';
import type { SearchInput } from '../../../machines/cataloguePicker/cataloguePickerMachine';
import type { DispenseInput, LoadStockInput, SaveStockInput, StockView } from '../../../machines/dispensary/stockContext';
import type { CatalogueRow } from '../../../machines/dispensary/catalogueList';
import type { LoadInput, RemoveInput, ReorderInput, SaveAnswer, SaveInput } from '../../../machines/staffAdmin/adminListContext';

export interface DispensaryActors {
  /** The stock at a location (the first when none), the low list of every location, the paid orders waiting there. */
  readonly loadStock: PromiseActorLogic<StockView, LoadStockInput>;
  /** Receive, adjust, or set the low level. */
  readonly saveStock: PromiseActorLogic<unknown, SaveStockInput>;
  readonly dispense: PromiseActorLogic<unknown, DispenseInput>;
  readonly searchCatalogue: PromiseActorLogic<CatalogueHit[], SearchInput>;
  /** The catalogue as the admin lists' machine calls it (query `status`: live or archived; remove: archive). */
  readonly catalogue: {
    readonly loadItems: PromiseActorLogic<CatalogueRow[], LoadInput>;
    readonly saveItem: PromiseActorLogic<SaveAnswer, SaveInput>;
    readonly removeItem: PromiseActorLogic<SaveAnswer, RemoveInput>;
    readonly reorderItems: PromiseActorLogic<CatalogueRow[], ReorderInput>;
  };
}

export interface DispensaryServices {
  readonly actors: DispensaryActors;
}
