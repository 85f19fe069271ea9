/**
 * What the login and sign-up popups offer besides the email (GET /auth/sign-in-options): asked
 * once a page, the first time a popup opens, and kept for every later popup. A failed ask is not
 * kept (the next popup asks again); until an answer, and without one, the mobile path is hidden,
 * as it is when the server cannot deliver a code to a phone (`mobile` null).
 */
import { useEffect, useState } from 'react';
import type { TextChannel } from '../../../contract/mobile';
import { useAccountServices, type AccountServices } from '../../app/account';

/** The channels the mobile path offers (never empty); null: no mobile path. */
export type MobileChannels = readonly TextChannel[] | null;

const asked = new WeakMap<AccountServices, Promise<MobileChannels>>();
const known = new WeakMap<AccountServices, MobileChannels>();

function mobileChannelsOf(services: AccountServices): Promise<MobileChannels> {
  const earlier = asked.get(services);
  if (earlier) return earlier;
  const load = services.loadSignInOptions;
  if (!load) return Promise.resolve(null);
  // Kept for the page, so nobody aborts it: a popup that closes early just stops listening.
  const ask = load(new AbortController().signal).then(
    ({ mobile }) => {
      const channels: MobileChannels = mobile === null ? null : mobile.channels.length > 0 ? mobile.channels : ['sms'];
      known.set(services, channels);
      return channels;
    },
    () => {
      asked.delete(services);
      return null;
    },
  );
  asked.set(services, ask);
  return ask;
}

/** Starts asking for the sign-in options before a popup needs them (the booking, logged out, before its Book). */
export function preloadSignInOptions(services: AccountServices): void {
  void mobileChannelsOf(services);
}

/** The mobile path's channels for this page (null while unknown, or when there is none). */
export function useMobileChannels(): MobileChannels {
  return useSignInOptions().channels;
}

/** The channels, and whether the server has answered (or failed to): a popup that opens on the mobile path waits for it. */
export function useSignInOptions(): { channels: MobileChannels; answered: boolean } {
  const services = useAccountServices();
  // Known already (asked earlier on this page, or no way to ask: no mobile path), or to be asked.
  const [state, setState] = useState(() =>
    known.has(services) || !services.loadSignInOptions ? { channels: known.get(services) ?? null, answered: true } : { channels: null, answered: false },
  );
  useEffect(() => {
    let listening = true;
    void mobileChannelsOf(services).then((found) => {
      if (listening) setState({ channels: found, answered: true });
    });
    return () => {
      listening = false;
    };
  }, [services]);
  return state;
}
