/** /account's ABHA: the patient's own, in the site's language. */
import { useMessages } from '../../i18n/messages';
import { AbhaSection } from './AbhaSection';
import { useAbhaActor } from './provider';

export function AccountAbha({ token }: { token: string }) {
  const { abha } = useMessages();
  const actor = useAbhaActor(token, { kind: 'own' }, abha);
  return <AbhaSection actor={actor} texts={abha} intro={abha.intro} />;
}
