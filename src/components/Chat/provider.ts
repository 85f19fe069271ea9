/**
 * A chat panel's provider (the patient's card and the doctor's console): the chat machine with
 * its calls (./services.ts) and its effects as provided actions: `notify`, a toast in the server's
 * words or the page's 'Something went wrong.'; `tellSessionExpired`, the session ends.
 */
import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import { chatMachine } from '../../../machines/chat/chatMachine';
import { toast } from '../Toast/toast';
import type { ChatServices } from './services';

/** What the chat machine's effects reach outside it. */
export interface ChatPage {
  /** Said for a failure without the server's words. */
  readonly somethingWentWrong: () => string;
  readonly sessionExpired: () => void;
}

export function provideChat(services: ChatServices, page: ChatPage) {
  return chatMachine.provide({
    actors: services.actors,
    actions: {
      notify: (_, { notice }) => toast.error(notice.kind === 'server' ? notice.text : page.somethingWentWrong()),
      tellSessionExpired: () => page.sessionExpired(),
    },
  });
}

/** A panel's chat machine, for as long as the panel is mounted. */
export function useChatActor(
  services: ChatServices,
  input: { appointmentId: string; token: string },
  page: { readonly somethingWentWrong: string; readonly onSessionExpired: () => void },
) {
  const latest = useRef(page);
  latest.current = page;
  const [logic] = useState(() =>
    provideChat(services, {
      somethingWentWrong: () => latest.current.somethingWentWrong,
      sessionExpired: () => latest.current.onSessionExpired(),
    }),
  );
  return useActorRef(logic, { input: { ...input, now: Date.now() } });
}
