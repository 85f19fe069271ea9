/**
 * The signature section's machines with their calls (./services.ts: ./liveSignature.ts, or a
 * test's fakes) and their effects as provided actions: `notify` shows the notice as a toast in the
 * console's words (src/i18n/staffMessages.ts `signature`) or, by the server's code, in the
 * language in use (src/i18n/hi|mr/server.ts).
 */
import { doctorChoiceMachine } from '../../../machines/signature/doctorChoiceMachine';
import type { SignatureNotice, SignatureProblem } from '../../../machines/signature/signatureContext';
import { signatureMachine } from '../../../machines/signature/signatureMachine';
import { serverWords } from '../../api/serverWords';
import { useProvidedActor } from '../../app/useProvidedActor';
import { showToast } from '../../components/Appointments/notices';
import { getStaffMessages } from '../../i18n/staffMessages';
import { useStaff } from '../StaffContext';
import { liveSignatureServices } from './liveSignature';
import type { SignatureServices } from './services';

/** The services given to the console, or the live ones. */
export const signatureOf = (given: SignatureServices | undefined): SignatureServices => given ?? liveSignatureServices;

/** The words of a problem at the file field: a file's own are said as the server's code would be. */
export function problemText(problem: SignatureProblem): string {
  const texts = getStaffMessages().signature;
  if (problem.kind === 'wrongType') return serverWords({ code: 'signature.notAnImage', message: texts.wrongType });
  if (problem.kind === 'tooLarge') return serverWords({ code: 'signature.tooLarge', message: texts.tooLarge });
  return problem.text;
}

function noticeText(notice: SignatureNotice): string {
  const all = getStaffMessages();
  switch (notice.kind) {
    case 'saved':
      return serverWords({ code: 'signature.saved', message: all.signature.saved });
    case 'removed':
      return serverWords({ code: 'signature.removed', message: all.signature.removed });
    case 'loadFailed':
      return all.signature.failed;
    case 'somethingWentWrong':
      return all.list.somethingWentWrong;
    case 'server':
      return notice.text;
  }
}

export function useSignatureActor(services: SignatureServices, doctorId: string) {
  const { token } = useStaff();
  return useProvidedActor(
    () =>
      signatureMachine.provide({
        actors: services.actors,
        actions: { notify: (_, { tone, notice }) => showToast(tone, noticeText(notice)) },
      }),
    { input: { token, doctorId } },
  );
}

export function useDoctorChoiceActor(services: SignatureServices) {
  const { token } = useStaff();
  return useProvidedActor(() => doctorChoiceMachine.provide({ actors: { loadDoctors: services.actors.loadDoctors } }), { input: { token } });
}
