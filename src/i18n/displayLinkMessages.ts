/**
 * The staff console's display links section (src/staff/admin/DisplaysSection.tsx), English as
 * the console is. Kept apart from ./messages.ts so that patients never download it.
 */
export const displayLinkMessages = {
  section: 'Displays',
  title: 'Waiting-room displays',
  intro:
    'A display link shows one location’s queue on a TV, without a login: tokens, rooms and first-name initials only. Open the link once on the TV; revoke it when the TV is replaced or the link got out.',
  none: 'No display links yet.',
  add: 'New display link',
  addTitle: 'New display link',
  label: 'Name (which TV)',
  location: 'Location',
  made: 'Display link made. Copy it now: it is shown only this once.',
  newLink: (label: string) => `New link for ${label}`,
  copy: 'Copy the link',
  copied: 'Copied.',
  revoke: (label: string) => `Revoke ${label}`,
  madeBy: (email: string, when: string) => `Made by ${email || 'a former account'}, ${when}`,
  revoked: 'Display link revoked: its screens stop within a second.',
};
