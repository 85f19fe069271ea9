/**
 * The real family and profile calls (PeopleServices, ./people.tsx). The API module is fetched when
 * a call first needs it; only the lazy /account and booking chunks import this file.
 */
import { useContext } from 'react';
import { fromApi, loadOnce } from './fromApi';
import { PeopleServicesContext, type PeopleServices } from './people';
import type { FamilyMemberFields, ProfileFields } from '../api/people';
import type { ReminderChannels } from '../../contract/reminders';
import type { MemberRequest } from '../../machines/people/familyMachine';
import type { ProfileRequest } from '../../machines/people/profileMachine';

const loadApi = loadOnce(() => import('../api/people').then((m) => m.peopleApi));

export const livePeopleServices: PeopleServices = {
  family: {
    loadFamily: fromApi(async ({ token }: { token: string }, signal) => (await loadApi()).listFamily(token, signal)),
    saveMember: fromApi(async ({ id, input, token }: { id: string | null; input: MemberRequest; token: string }, signal) => {
      const api = await loadApi();
      // The machine checked it with the contract's codec; the server decodes it again.
      const body = input as FamilyMemberFields;
      return id === null ? api.addFamilyMember(body, token, signal) : api.updateFamilyMember(id, body, token, signal);
    }),
    archiveMember: fromApi<unknown, { id: string; token: string }>(async ({ id, token }, signal) => (await loadApi()).archiveFamilyMember(id, token, signal)),
  },
  profile: {
    saveProfile: fromApi(async ({ input, token }: { input: ProfileRequest; token: string }, signal) =>
      (await loadApi()).updateProfile(input as ProfileFields, token, signal),
    ),
  },
  reminders: {
    loadReminders: fromApi(async ({ token }: { token: string }, signal) => (await loadApi()).loadReminders(token, signal)),
    saveReminders: fromApi(async ({ channels, token }: { channels: ReminderChannels; token: string }, signal) =>
      (await loadApi()).saveReminders(channels, token, signal),
    ),
  },
};

export function usePeopleServices(): PeopleServices {
  return useContext(PeopleServicesContext) ?? livePeopleServices;
}
