/**
 * The ABHA section's machine with its calls (./liveAbha.ts, or a test's) and its effect: `notify`
 * shows the notice as a toast, in `texts`' words or, by the server's code, in the language in use.
 */
import { abhaMachine } from '../../../machines/abha/abhaMachine';
import type { AbhaNotice, AbhaTarget } from '../../../machines/abha/context';
import { inspect } from '../../app/inspect';
import { useProvidedActor } from '../../app/useProvidedActor';
import { toast } from '../../ui/toast';
import type { AbhaTexts } from './AbhaSection';
import { liveAbhaActors, type AbhaActors } from './liveAbha';

function noticeText(notice: AbhaNotice, texts: AbhaTexts): string {
  switch (notice.kind) {
    case 'saved':
      return texts.saved;
    case 'removed':
      return texts.removed;
    case 'loadFailed':
      return texts.loadFailed;
    case 'somethingWentWrong':
      return texts.somethingWentWrong;
    case 'server':
      return notice.text;
  }
}

export function useAbhaActor(token: string, target: AbhaTarget, texts: AbhaTexts, actors: AbhaActors = liveAbhaActors) {
  return useProvidedActor(
    () =>
      abhaMachine.provide({
        actors,
        actions: {
          notify: (_, { tone, notice }) => (tone === 'success' ? toast.info(noticeText(notice, texts)) : toast.error(noticeText(notice, texts))),
        },
      }),
    { input: { token, target }, inspect },
  );
}
