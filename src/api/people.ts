/**
 * Family members and the patient's profile (contract/people.ts): GET/POST /family,
 * PUT/DELETE /family/{id}, PUT /auth/profile; the reminder channels (contract/reminders.ts):
 * GET/PUT /auth/reminders. Each with the bearer token; each resolves to an
 * Either (client.ts). A 400 names the bad fields (`errors`).
 */
import type * as t from 'io-ts';
import type { Either } from 'fp-ts/lib/Either.js';
import type { MessageAnswer, User } from '../../contract/auth.js';
import { authEndpoints } from '../../contract/endpoints/auth.js';
import { peopleEndpoints } from '../../contract/endpoints/people.js';
import type { FamilyMember, FamilyMemberInput, ProfileUpdateRequest } from '../../contract/people.js';
import type { ReminderChannels, ReminderSettings } from '../../contract/reminders.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;
export type FamilyMemberFields = t.OutputOf<typeof FamilyMemberInput>;
export type ProfileFields = t.OutputOf<typeof ProfileUpdateRequest>;

export function createPeopleApi({ call }: ApiClient) {
  return {
    listFamily: (token: string, signal?: AbortSignal): Call<FamilyMember[]> => call(peopleEndpoints.family, { token, signal }),
    addFamilyMember: (body: FamilyMemberFields, token: string, signal?: AbortSignal): Call<FamilyMember> =>
      call(peopleEndpoints.addFamilyMember, { body, token, signal }),
    updateFamilyMember: (id: string, body: FamilyMemberFields, token: string, signal?: AbortSignal): Call<FamilyMember> =>
      call(peopleEndpoints.editFamilyMember, { params: { id }, body, token, signal }),
    archiveFamilyMember: (id: string, token: string, signal?: AbortSignal): Call<t.TypeOf<typeof MessageAnswer>> =>
      call(peopleEndpoints.archiveFamilyMember, { params: { id }, token, signal }),
    updateProfile: (body: ProfileFields, token: string, signal?: AbortSignal): Call<User> => call(peopleEndpoints.profile, { body, token, signal }),
    loadReminders: (token: string, signal?: AbortSignal): Call<ReminderSettings> => call(authEndpoints.reminders, { token, signal }),
    saveReminders: (body: ReminderChannels, token: string, signal?: AbortSignal): Call<ReminderSettings> =>
      call(authEndpoints.saveReminders, { body, token, signal }),
  };
}

export const peopleApi = createPeopleApi(apiClient);
