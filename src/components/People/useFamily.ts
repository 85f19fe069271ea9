/**
 * The family machine's actor for a view (/account's section, the booking popup's "Booking for"),
 * with its calls (the live ones, or a test's fakes through PeopleServicesProvider) and its effects:
 * `notify` a toast in the catalog's words, `saved` handed to the view (the popup books for the
 * member just added).
 */
import type { FamilyMember } from '../../../contract/people';
import { familyMachine, type FamilyNotice } from '../../../machines/people/familyMachine';
import { usePeopleServices } from '../../app/livePeople';
import { inspect } from '../../app/inspect';
import { useProvidedActor } from '../../app/useProvidedActor';
import { messages } from '../../i18n/messages';
import { toast } from '../../ui/toast';

export function familyNoticeText(notice: FamilyNotice): string {
  const { people } = messages;
  switch (notice.kind) {
    case 'saved':
      return people.memberSaved;
    case 'archived':
      return people.memberRemoved;
    case 'failed':
      return notice.text ?? people.saveFailed;
  }
}

export function useFamilyActor(token: string, { onSaved, quiet = false }: { onSaved?: (member: FamilyMember) => void; quiet?: boolean } = {}) {
  const services = usePeopleServices();
  return useProvidedActor(
    (latest) =>
      familyMachine.provide({
        actors: services.family,
        actions: {
          notify: (_, { tone, notice }) => {
            // The popup says nothing on success: the member is chosen, which the form shows.
            if (quiet && tone === 'success') return;
            if (tone === 'success') toast.info(familyNoticeText(notice));
            else toast.error(familyNoticeText(notice));
          },
          saved: (_, { member }) => latest.current?.(member),
        },
      }),
    { input: { token }, inspect },
    onSaved,
  );
}
