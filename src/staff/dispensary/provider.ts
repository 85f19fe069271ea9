/**
 * The dispensary's machines with their calls (./services.ts) and their effects as provided
 * actions: `notify` shows the machine's notice as a toast in the section's words
 * (src/i18n/dispensaryMessages.ts) or the server's.
 */
import { cataloguePickerMachine } from '../../../machines/cataloguePicker/cataloguePickerMachine';
import { catalogueMachine } from '../../../machines/dispensary/catalogueList';
import type { StockNotice } from '../../../machines/dispensary/stockContext';
import { stockMachine } from '../../../machines/dispensary/stockMachine';
import { useProvidedActor } from '../../app/useProvidedActor';
import { showToast } from '../../components/Appointments/notices';
import { getDispensaryMessages } from '../../i18n/dispensaryMessages';
import { useAdminList } from '../admin/provider';
import { useStaff } from '../StaffContext';
import { liveDispensaryServices } from './liveDispensary';
import type { DispensaryServices } from './services';

/** The services given to the console, or the live ones. */
export const dispensaryOf = (given: DispensaryServices | undefined): DispensaryServices => given ?? liveDispensaryServices;

function stockNoticeText(notice: StockNotice): string {
  const texts = getDispensaryMessages().notices;
  return notice.kind === 'server' ? notice.text : texts[notice.kind];
}

export function useStockActor(services: DispensaryServices) {
  const { token } = useStaff();
  return useProvidedActor(
    () =>
      stockMachine.provide({
        actors: { loadStock: services.actors.loadStock, saveStock: services.actors.saveStock, dispense: services.actors.dispense },
        actions: { notify: (_, params) => void showToast(params.tone, stockNoticeText(params.notice)) },
      }),
    { input: { token } },
  );
}

export function useCatalogueList(services: DispensaryServices) {
  return useAdminList(catalogueMachine, services.actors.catalogue, { status: 'live' });
}

export function usePickerActor(services: DispensaryServices, input: { locationId: string | null; text: string; itemId: string | null }) {
  const { token } = useStaff();
  return useProvidedActor(() => cataloguePickerMachine.provide({ actors: { searchCatalogue: services.actors.searchCatalogue } }), {
    input: { token, ...input },
  });
}
