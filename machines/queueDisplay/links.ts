/**
 * The staff console's display links as an admin list (machines/staffAdmin/adminListMachine.ts):
 * listed, added by name and location, revoked (the list's delete); never edited.
 */
import type { DisplayLink, DisplayLinkRequest } from '../../contract/display.js';
import type { Draft } from '../staffAdmin/adminListContext.js';
import { createAdminListMachine } from '../staffAdmin/adminListMachine.js';

export const displayLinksMachine = createAdminListMachine<DisplayLink>({
  id: 'adminDisplayLinks',
  description: 'Display links: list the live ones, add one for a location, revoke one.',
  emptyDraft: { label: '', locationId: '' },
  toDraft: (link) => ({ label: link.label, locationId: link.locationId }),
});

/** The form as the call's body; no location chosen yet: the first one offered (the form shows it chosen). */
export const displayLinkPayload = (draft: Draft, locations: ReadonlyArray<{ _id: string }>): DisplayLinkRequest => ({
  label: draft.label ?? '',
  locationId: (draft.locationId || locations[0]?._id || '') as DisplayLinkRequest['locationId'],
});
