/**
 * A chat panel's provider (the patient's card and the doctor's console): the chat machine with
 * its calls (./services.ts) and its effect as a provided action: `notify`, a toast in the server's
 * words or the page's 'Something went wrong.' (a 401 ends the session in the request base, not
 * here: src/api/client.ts).
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { chatMachine } from '../../../machines/chat/chatMachine';
import { selectOutbox } from '../../../machines/chat/selectors';
import { useProvidedActor } from '../../app/useProvidedActor';
import { toast } from '../../ui/toast';
import type { ChatServices } from './services';

/** What the chat machine's effects reach outside it. */
export interface ChatPage {
  /** Said for a failure without the server's words. */
  readonly somethingWentWrong: () => string;
}

export function provideChat(services: ChatServices, page: ChatPage) {
  return chatMachine.provide({
    actors: services.actors,
    actions: {
      notify: (_, { notice }) => toast.error(notice.kind === 'server' ? notice.text : page.somethingWentWrong()),
    },
  });
}

/** A panel's chat machine, for as long as the panel is mounted. */
export function useChatActor(
  services: ChatServices,
  input: { appointmentId: string; token: string },
  page: { readonly somethingWentWrong: string },
) {
  const actor = useProvidedActor(
    (latest) => provideChat(services, { somethingWentWrong: () => latest.current.somethingWentWrong }),
    { input: { ...input, now: Date.now(), outbox: services.outbox?.read(input.appointmentId) ?? [] } },
    page,
  );
  // The texts waiting to be sent, kept as they change (so a reload sends them, with their ids).
  const outbox = useSelector(actor, selectOutbox);
  const store = services.outbox;
  useEffect(() => store?.write(input.appointmentId, outbox), [store, input.appointmentId, outbox]);
  return actor;
}
