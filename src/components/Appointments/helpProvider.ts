/**
 * Help's provider (the /myappointment Help button and the footer's Help popup): the help machine
 * with the contacts call and its one effect, `notify`, a toast saying why help is not offered
 * ('Please login.', ...). Apart from ./provider.ts so that the Help popup, its own small chunk,
 * carries none of the /myappointment page's machines.
 */
import type { PromiseActorLogic } from 'xstate';
import type { HelpContacts } from '../../../machines/help/helpLinks';
import { helpMachine, type HelpInput } from '../../../machines/help/helpMachine';
import { useProvidedActor } from '../../app/useProvidedActor';
import { toast } from '../../ui/toast';
import { helpNoticeText } from './notices';

export function provideHelp(loadContacts: PromiseActorLogic<HelpContacts>) {
  return helpMachine.provide({
    actors: { loadContacts },
    actions: { notify: (_, { notice }) => toast.error(helpNoticeText(notice)) },
  });
}

/** A help machine for as long as the button or the popup is mounted. */
export function useHelpActor(loadContacts: PromiseActorLogic<HelpContacts>, input: HelpInput) {
  return useProvidedActor(() => provideHelp(loadContacts), { input });
}
