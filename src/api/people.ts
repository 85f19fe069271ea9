/**
 * Family members and the patient's profile (contract/people.ts): GET/POST /family,
 * PUT/DELETE /family/{id}, PUT /auth/profile; the reminder channels (contract/reminders.ts):
 * GET/PUT /auth/reminders. Each with the bearer token; each resolves to an
 * Either (client.ts). A 400 names the bad fields (`errors`).
 */
import type * as t from 'io-ts';
import type { Either } from 'fp-ts/lib/Either.js';
import { MessageAnswer, User } from '../../contract/auth.js';
import { FamilyMember, FamilyMemberInput, FamilyMemberList, ProfileUpdateRequest } from '../../contract/people.js';
import { ReminderChannels, ReminderSettings } from '../../contract/reminders.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;
export type FamilyMemberFields = t.OutputOf<typeof FamilyMemberInput>;
export type ProfileFields = t.OutputOf<typeof ProfileUpdateRequest>;

export function createPeopleApi({ request }: ApiClient) {
  return {
    listFamily: (token: string, signal?: AbortSignal): Call<FamilyMember[]> => request(FamilyMemberList, '/family', { token, signal }),
    addFamilyMember: (body: FamilyMemberFields, token: string, signal?: AbortSignal): Call<FamilyMember> =>
      request(FamilyMember, '/family', { method: 'POST', body, token, signal }),
    updateFamilyMember: (id: string, body: FamilyMemberFields, token: string, signal?: AbortSignal): Call<FamilyMember> =>
      request(FamilyMember, `/family/${encodeURIComponent(id)}`, { method: 'PUT', body, token, signal }),
    archiveFamilyMember: (id: string, token: string, signal?: AbortSignal): Call<t.TypeOf<typeof MessageAnswer>> =>
      request(MessageAnswer, `/family/${encodeURIComponent(id)}`, { method: 'DELETE', token, signal }),
    updateProfile: (body: ProfileFields, token: string, signal?: AbortSignal): Call<User> =>
      request(User, '/auth/profile', { method: 'PUT', body, token, signal }),
    loadReminders: (token: string, signal?: AbortSignal): Call<ReminderSettings> => request(ReminderSettings, '/auth/reminders', { token, signal }),
    saveReminders: (body: ReminderChannels, token: string, signal?: AbortSignal): Call<ReminderSettings> =>
      request(ReminderSettings, '/auth/reminders', { method: 'PUT', body, token, signal }),
  };
}

export const peopleApi = createPeopleApi(apiClient);
