/**
 * /account's "Notifications on this phone": the seam between its view and the calls, the browser's
 * (Notification, the service worker's PushManager) and the server's. Fakes in tests
 * (PushServicesProvider); none given, the view uses the live ones (./livePush.ts), which only the
 * account page's chunk imports.
 *
 * Small on purpose: loaded with the app root.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { PromiseActorLogic } from 'xstate';
import type { PushChoices } from '../../contract/push';
import type { PushLoaded } from '../../machines/pushDevice/pushDeviceMachine';

/** Each rejects with an ApiFailure (or the browser's error) when its call fails. */
export interface PushServices {
  readonly loadPush: PromiseActorLogic<PushLoaded, { token: string }>;
  readonly subscribeDevice: PromiseActorLogic<'on' | 'denied' | 'dismissed', { publicKey: string; token: string }>;
  readonly unsubscribeDevice: PromiseActorLogic<unknown, { token: string }>;
  readonly saveChoices: PromiseActorLogic<PushChoices, { choices: PushChoices; token: string }>;
}

/** Null: the live services. */
export const PushServicesContext = createContext<PushServices | null>(null);

export function PushServicesProvider({ services, children }: { services: PushServices | null; children: ReactNode }) {
  return <PushServicesContext.Provider value={services}>{children}</PushServicesContext.Provider>;
}

export const usePushServicesGiven = (): PushServices | null => useContext(PushServicesContext);
