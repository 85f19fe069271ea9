/**
 * The real calls of /account's "Notifications on this phone" (PushServices, ./push.tsx): the
 * browser's permission and PushManager, and the server's endpoints (src/api/push.ts, fetched when
 * first needed). Only the account page's chunk imports this file.
 *
 * The server keeps a subscription with the login it came with (logging out removes it), so this
 * device counts as on only when the browser has a subscription made for this login: the login is
 * remembered as a hash of its token beside the subscription (never the token itself).
 */
import { useContext } from 'react';
import type { PushChoices, PushSubscriptionRequest } from '../../contract/push';
import type { DeviceState, PushLoaded } from '../../machines/pushDevice/pushDeviceMachine';
import { fromAbortablePromise } from './abortable';
import { answerOf, fromApi, loadOnce } from './fromApi';
import { PushServicesContext, type PushServices } from './push';

const loadApi = loadOnce(() => import('../api/push').then((m) => m.pushApi));
const loginMark = 'sahaj.push.login';
/** How long the service worker may take to be ready before subscribing gives up. */
const workerWaitMs = 15_000;

const supported = (): boolean => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;

async function loginHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * The notifications permission as the Permissions API says it: a headless or embedded Chromium
 * can answer `Notification.permission` 'denied' for a permission the site was given, where the
 * Permissions API (what the push service's own check reads) says 'granted'.
 */
async function notificationPermission(): Promise<NotificationPermission> {
  try {
    const { state } = await navigator.permissions.query({ name: 'notifications' });
    return state === 'prompt' ? 'default' : state;
  } catch {
    return Notification.permission;
  }
}

async function deviceState(token: string): Promise<DeviceState> {
  if (!supported()) return 'unsupported';
  const permission = await notificationPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const subscription = await currentSubscription();
  return subscription !== null && localStorage.getItem(loginMark) === (await loginHash(token)) ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function workerReady(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('The service worker is not running')), workerWaitMs)),
  ]);
}

async function subscribe(publicKey: string, token: string, signal: AbortSignal): Promise<'on' | 'denied' | 'dismissed'> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const registration = await workerReady();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const body = subscription.toJSON() as PushSubscriptionRequest;
  await answerOf((await loadApi()).subscribe({ endpoint: body.endpoint, keys: body.keys }, token, signal));
  localStorage.setItem(loginMark, await loginHash(token));
  return 'on';
}

async function unsubscribe(token: string, signal: AbortSignal): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription) {
    try {
      await answerOf((await loadApi()).unsubscribe(subscription.endpoint, token, signal));
    } catch (error) {
      // Not one the server has (logged out meanwhile): ending it here is all that is left to do.
      if ((error as { _tag?: string; status?: number })?.status !== 404) throw error;
    }
    await subscription.unsubscribe();
  }
  localStorage.removeItem(loginMark);
}

export const livePushServices: PushServices = {
  loadPush: fromAbortablePromise<PushLoaded, { token: string }>(async ({ input, signal }) => {
    const api = await loadApi();
    const { publicKey } = await answerOf(api.key(signal));
    if (publicKey === null) return { publicKey, device: 'off', choices: null };
    const [device, choices] = await Promise.all([deviceState(input.token), answerOf(api.choices(input.token, signal))]);
    return { publicKey, device, choices };
  }),
  subscribeDevice: fromAbortablePromise(({ input, signal }: { input: { publicKey: string; token: string }; signal: AbortSignal }) => subscribe(input.publicKey, input.token, signal)),
  unsubscribeDevice: fromAbortablePromise<unknown, { token: string }>(({ input, signal }) => unsubscribe(input.token, signal)),
  saveChoices: fromApi(async ({ choices, token }: { choices: PushChoices; token: string }, signal) => (await loadApi()).saveChoices(choices, token, signal)),
};

export function usePushServices(): PushServices {
  return useContext(PushServicesContext) ?? livePushServices;
}
