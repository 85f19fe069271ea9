/**
 * The dispensary's catalogue as the admin keeps it: the admin lists' one chart
 * (machines/staffAdmin/adminListMachine.ts): list (live or archived), add, edit, and archive in
 * place of delete (an item is never deleted: old orders point at it). The form's fields are text
 * as typed; `cataloguePayload` carries them, the server decides (400 naming the field, 409
 * catalogueDuplicate).
 */
import type { CatalogueItem, RemedyForm } from '../../contract/dispensary.js';
import type { Draft } from '../staffAdmin/adminListContext.js';
import { createAdminListMachine } from '../staffAdmin/adminListMachine.js';
import { numberOrText } from '../staffAdmin/lists.js';

/** An item as the admin list holds it (the lists key rows by `_id`). */
export type CatalogueRow = CatalogueItem & { readonly _id: string };
export const catalogueRow = (item: CatalogueItem): CatalogueRow => ({ ...item, _id: item.id });

export const remedyForms: readonly RemedyForm[] = ['pills', 'globules', 'dilution', 'mother_tincture', 'tablets', 'ointment', 'drops'];

export const catalogueMachine = createAdminListMachine<CatalogueRow>({
  id: 'dispensaryCatalogue',
  description: 'The catalogue: list (live or archived), add, edit, archive.',
  emptyDraft: { name: '', form: 'pills', potency: '', pack: '', price: '' },
  toDraft: (item) => ({ name: item.name, form: item.form, potency: item.potency, pack: item.pack, price: String(item.price) }),
});

export const cataloguePayload = (draft: Draft) => ({
  name: draft.name ?? '',
  form: draft.form ?? '',
  potency: draft.potency ?? '',
  pack: draft.pack ?? '',
  price: numberOrText(draft.price ?? ''),
});
