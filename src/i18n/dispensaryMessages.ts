/**
 * Every text of the staff console's Dispensary section and the doctor's catalogue picker, typed,
 * English: the console is English (docs/i18n.md), so, as the desk's and the admin's catalogs,
 * this one has no Hindi or Marathi; a language would plug in with `setDispensaryCatalog`. Kept
 * apart from src/i18n/messages.ts so that patients never download it.
 */
import type { RemedyForm } from '../../contract/dispensary';
import { createCatalog, useCatalog } from './catalog';

const formNames: Record<RemedyForm, string> = {
  pills: 'Pills',
  globules: 'Globules',
  dilution: 'Dilution',
  mother_tincture: 'Mother tincture',
  tablets: 'Tablets',
  ointment: 'Ointment',
  drops: 'Drops',
};

export const dispensaryMessages = {
  section: 'Dispensary',
  intro: 'The catalogue of remedies, the stock at each location, what is running low, and the paid orders to hand over.',
  forms: formNames,
  catalogue: {
    title: 'Catalogue',
    none: 'No remedy in this list.',
    add: 'Add a remedy',
    addTitle: 'Add a remedy',
    editTitle: (name: string) => `Edit ${name}`,
    editItem: (name: string) => `Edit ${name}`,
    show: 'Show',
    live: 'In use',
    archived: 'Archived',
    name: 'Name',
    nameHint: 'As the prescription prints it, e.g. ARNICA MONTANA.',
    form: 'Form',
    potency: 'Potency',
    potencyHint: '30C, 200C, 1M, 6X, Q for a mother tincture; empty for an ointment.',
    pack: 'Pack',
    packHint: '2 dram, 30 ml, 450 tablets…',
    price: 'Price (₹)',
    archive: 'Archive',
    archiveItem: (name: string) => `Archive ${name}`,
    archiveTitle: 'Archive this remedy?',
    archiveQuestion: (name: string) => `${name} is no longer offered; orders that have it keep it. This cannot be undone here.`,
    archiveYes: 'Archive',
    archiving: 'Archiving…',
    archiveNo: 'Keep it',
    readOnly: 'Only an admin changes the catalogue.',
    describe: (form: string, pack: string, price: string) => `${form} · ${pack} · ${price}`,
    isArchived: 'Archived',
  },
  stock: {
    title: 'Stock',
    location: 'Location',
    loading: 'Loading the stock…',
    failed: 'We could not load the stock.',
    tryAgain: 'Try again',
    refresh: 'Refresh',
    none: 'No remedy in the catalogue yet.',
    item: 'Remedy',
    quantity: 'In stock',
    lowAt: 'Low at',
    actions: 'Actions',
    low: 'Low',
    receive: 'Receive',
    receiveItem: (name: string) => `Receive ${name}`,
    adjust: 'Adjust',
    adjustItem: (name: string) => `Adjust ${name}`,
    setLow: 'Low level',
    setLowItem: (name: string) => `Low level of ${name}`,
    formTitle: { receive: (name: string) => `Receive ${name}`, adjust: (name: string) => `Adjust ${name}`, lowAt: (name: string) => `Low level of ${name}` },
    amount: { receive: 'Packs received', adjust: 'Change (e.g. -2 or 3)', lowAt: 'Low at or below' },
    note: { receive: 'Note (optional: invoice, supplier)', adjust: 'Reason (a count, a breakage, an expiry)', lowAt: '' },
    save: 'Save',
    saving: 'Saving…',
    cancel: 'Cancel',
  },
  low: {
    title: 'Running low',
    none: 'Nothing is running low.',
    line: (location: string, quantity: number, lowAt: number) => `${location}: ${quantity} left (low at ${lowAt})`,
  },
  orders: {
    title: 'Paid orders to dispense',
    none: 'No paid order is waiting here.',
    order: (patient: string) => `Order for ${patient}`,
    line: (quantity: number, name: string, pack: string) => `${quantity} × ${name}${pack ? ` (${pack})` : ''}`,
    paid: (mode: string, status: string) => (mode === 'Cash' && status !== 'Completed' ? 'Cash at the counter' : 'Paid'),
    dispense: 'Dispense',
    dispenseOrder: (patient: string) => `Dispense the order for ${patient}`,
    dispensing: 'Dispensing…',
  },
  notices: {
    received: 'Stock received.',
    adjusted: 'Stock adjusted.',
    lowAtSaved: 'Low level saved.',
    dispensed: 'Dispensed: the stock is updated.',
    loadFailed: 'We could not load the dispensary. Try again.',
    somethingWentWrong: 'Something went wrong. Try again.',
  },
  picker: {
    listLabel: (field: string) => `Catalogue items for ${field.toLowerCase()}`,
    searching: 'Searching the catalogue…',
    none: 'No catalogue item starts so: the name stays as typed.',
    unavailable: 'The catalogue could not be searched: type the remedy.',
    fromCatalogue: 'From the catalogue',
    inStock: (n: number) => `${n} in stock`,
    option: (form: string, pack: string, price: string) => `${form} · ${pack} · ${price}`,
  },
};

export type DispensaryMessages = typeof dispensaryMessages;

const catalog = createCatalog<DispensaryMessages>(dispensaryMessages);

/** The dispensary's texts in use, for a view: it renders again when they change. */
export const useDispensaryMessages = (): DispensaryMessages => useCatalog(catalog);

/** The dispensary's texts in use, for code outside React. */
export const getDispensaryMessages = (): DispensaryMessages => catalog.get();

/** Puts texts of the same shape in use (another language), or English back. */
export const setDispensaryCatalog = (next: DispensaryMessages): void => catalog.set(next);
