/**
 * The staff console's Dispensary section (src/staff/dispensary): one location's stock, a remedy
 * received through its form, a paid order dispensed (the stock loaded again after each), what
 * is running low, the catalogue read only for reception, and a failed load with a retry. Every
 * call is answered by hand.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CatalogueHit } from '../../contract/catalogue';
import type { CatalogueItem } from '../../contract/dispensary';
import type { SearchInput } from '../../machines/cataloguePicker/cataloguePickerMachine';
import type { CatalogueRow } from '../../machines/dispensary/catalogueList';
import type { DispenseInput, LoadStockInput, SaveStockInput, StockView } from '../../machines/dispensary/stockContext';
import type { LoadInput, RemoveInput, ReorderInput, SaveAnswer, SaveInput } from '../../machines/staffAdmin/adminListContext';
import { answeredByHand } from '../machines/accountFakes';
import { receptionMe } from '../machines/staffConsoleFakes';
import { fakeStaff, renderConsole } from './staffSupport';
import { answer } from './support';

const arnica: CatalogueItem = { id: 'i-arnica', name: 'Arnica montana', form: 'pills', potency: '30C', pack: '2 dram', price: 90, archived: false };
const line = (quantity: number) => ({ item: arnica, locationId: 'loc-aundh', locationName: 'Aundh', quantity, lowAt: 5, low: quantity <= 5 });
const view = (quantity: number, waiting: boolean): StockView => ({
  locationId: 'loc-aundh',
  locations: [
    { id: 'loc-aundh', name: 'Aundh' },
    { id: 'loc-kothrud', name: 'Kothrud' },
  ],
  lines: [line(quantity)],
  low: quantity <= 5 ? [line(quantity)] : [],
  orders: waiting
    ? [
        {
          id: 'o-1',
          appointmentId: 'SHC-26-000101',
          patientName: 'Rekha Joshi',
          locationId: 'loc-aundh',
          locationName: 'Aundh',
          paymentMode: 'Card',
          paymentStatus: 'Completed',
          orderStatus: 'Processing',
          totalPrice: 180,
          items: [],
          dispensedAt: null,
        },
      ]
    : [],
});

function fakeDispensary() {
  const fake = fakeStaff();
  const calls = {
    loadStock: answeredByHand<StockView, LoadStockInput>(),
    saveStock: answeredByHand<unknown, SaveStockInput>(),
    dispense: answeredByHand<unknown, DispenseInput>(),
    searchCatalogue: answeredByHand<CatalogueHit[], SearchInput>(),
    loadItems: answeredByHand<CatalogueRow[], LoadInput>(),
    saveItem: answeredByHand<SaveAnswer, SaveInput>(),
    removeItem: answeredByHand<SaveAnswer, RemoveInput>(),
    reorderItems: answeredByHand<CatalogueRow[], ReorderInput>(),
  };
  fake.services = {
    ...fake.services,
    dispensary: {
      actors: {
        loadStock: calls.loadStock.logic,
        saveStock: calls.saveStock.logic,
        dispense: calls.dispense.logic,
        searchCatalogue: calls.searchCatalogue.logic,
        catalogue: { loadItems: calls.loadItems.logic, saveItem: calls.saveItem.logic, removeItem: calls.removeItem.logic, reorderItems: calls.reorderItems.logic },
      },
    },
  };
  return { fake, ...calls };
}

async function openDispensary() {
  const d = fakeDispensary();
  await renderConsole({ path: '/staff/dispensary', fake: d.fake, me: receptionMe });
  await waitFor(() => expect(d.loadStock.calls).toHaveLength(1));
  expect(d.loadStock.latest().input).toEqual({ locationId: null, token: 'tok-stored' });
  await answer(() => d.loadStock.latest().resolve(view(12, true)));
  await waitFor(() => expect(d.loadItems.calls.length).toBeGreaterThan(0));
  await answer(() => d.loadItems.latest().resolve([{ ...arnica, _id: arnica.id }]));
  return d;
}

describe('the staff console: Dispensary', () => {
  it("shows a location's stock, the paid orders waiting and the catalogue (read only for reception)", async () => {
    await openDispensary();
    expect(screen.getByRole('heading', { level: 1, name: 'Dispensary' })).toBeTruthy();
    const stock = screen.getByRole('region', { name: 'Stock' });
    expect(within(stock).getByText('ARNICA MONTANA 30C')).toBeTruthy();
    expect(within(stock).getByText('12')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dispense the order for Rekha Joshi' })).toBeTruthy();
    expect(screen.getByText('Nothing is running low.')).toBeTruthy();
    expect(screen.getByText('Only an admin changes the catalogue.')).toBeTruthy();
  });

  it('receives stock through its form, then loads the stock again', async () => {
    const user = userEvent.setup();
    const d = await openDispensary();
    await user.click(screen.getByRole('button', { name: 'Receive ARNICA MONTANA 30C' }));
    await user.type(await screen.findByLabelText('Packs received', { exact: false }), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(d.saveStock.latest().input).toMatchObject({ kind: 'receive', itemId: 'i-arnica', locationId: 'loc-aundh', amount: 5, token: 'tok-stored' });
    await answer(() => d.saveStock.latest().resolve(null));
    expect(await screen.findByText('Stock received.', { selector: '.toast__text' })).toBeTruthy();
    await waitFor(() => expect(d.loadStock.calls).toHaveLength(2));
    await answer(() => d.loadStock.latest().resolve(view(17, true)));
    expect(within(screen.getByRole('region', { name: 'Stock' })).getByText('17')).toBeTruthy();
  });

  it('dispenses a paid order; the order leaves the list and what runs low is shown', async () => {
    const user = userEvent.setup();
    const d = await openDispensary();
    await user.click(screen.getByRole('button', { name: 'Dispense the order for Rekha Joshi' }));
    expect(d.dispense.latest().input).toEqual({ orderId: 'o-1', token: 'tok-stored' });
    expect(screen.getByRole('button', { name: 'Dispense the order for Rekha Joshi' }).textContent).toBe('Dispensing…');
    await answer(() => d.dispense.latest().resolve(null));
    expect(await screen.findByText('Dispensed: the stock is updated.', { selector: '.toast__text' })).toBeTruthy();
    await waitFor(() => expect(d.loadStock.calls).toHaveLength(2));
    await answer(() => d.loadStock.latest().resolve(view(4, false)));
    expect(screen.getByText('No paid order is waiting here.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Running low' })).getByText('Aundh: 4 left (low at 5)')).toBeTruthy();
  });

  it('says when the stock cannot be loaded, with a retry', async () => {
    const user = userEvent.setup();
    const d = fakeDispensary();
    await renderConsole({ path: '/staff/dispensary', fake: d.fake, me: receptionMe });
    await waitFor(() => expect(d.loadStock.calls).toHaveLength(1));
    await answer(() => d.loadStock.latest().reject({ _tag: 'NetworkFailure', message: 'Failed to fetch' }));
    const failed = (await screen.findAllByText('We could not load the stock.', { selector: '.staff-state p' }))[0]!;
    await user.click(within(failed.parentElement!).getByRole('button', { name: 'Try again' }));
    expect(d.loadStock.calls).toHaveLength(2);
  });
});
