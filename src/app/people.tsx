/**
 * Family members and the profile edit, the reminder channels: the seam between their views (/account's
 * sections, the booking popup's "Booking for") and the calls. `PeopleServices` holds the family
 * and profile machines' actors: fakes in tests (PeopleServicesProvider); none given, the views use
 * the live ones (./livePeople.ts), which only their lazy chunks import.
 *
 * Small on purpose: loaded with the app root.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { PromiseActorLogic } from 'xstate';
import type { User } from '../../contract/auth';
import type { FamilyMember } from '../../contract/people';
import type { ReminderChannels, ReminderSettings } from '../../contract/reminders';
import type { MemberRequest } from '../../machines/people/familyMachine';
import type { ProfileRequest } from '../../machines/people/profileMachine';

/** Each rejects with an ApiFailure when its call fails (fromApi). */
export interface PeopleServices {
  readonly family: {
    readonly loadFamily: PromiseActorLogic<FamilyMember[], { token: string }>;
    /** `id` null: add; else edit that member. */
    readonly saveMember: PromiseActorLogic<FamilyMember, { id: string | null; input: MemberRequest; token: string }>;
    readonly archiveMember: PromiseActorLogic<unknown, { id: string; token: string }>;
  };
  readonly profile: {
    readonly saveProfile: PromiseActorLogic<User, { input: ProfileRequest; token: string }>;
  };
  /** /account's reminder channels. */
  readonly reminders: {
    readonly loadReminders: PromiseActorLogic<ReminderSettings, { token: string }>;
    readonly saveReminders: PromiseActorLogic<ReminderSettings, { channels: ReminderChannels; token: string }>;
  };
}

/** Null: the live services. */
export const PeopleServicesContext = createContext<PeopleServices | null>(null);

export function PeopleServicesProvider({ services, children }: { services: PeopleServices | null; children: ReactNode }) {
  return <PeopleServicesContext.Provider value={services}>{children}</PeopleServicesContext.Provider>;
}

export const usePeopleServicesGiven = (): PeopleServices | null => useContext(PeopleServicesContext);
