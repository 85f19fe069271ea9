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

/** The mobile path's channels for this page (null while unknown, or when there is none). */
export function useMobileChannels(): MobileChannels {
  const services = useAccountServices();
  const [channels, setChannels] = useState<MobileChannels>(() => known.get(services) ?? null);
  useEffect(() => {
    let listening = true;
    void mobileChannelsOf(services).then((found) => {
      if (listening) setChannels(found);
    });
    return () => {
      listening = false;
    };
  }, [services]);
  return channels;
}
