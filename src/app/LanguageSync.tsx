/**
 * Once logged in, the account keeps the language: the account services'
 * `syncLanguage` (./languageAccount.ts, loaded then). Rendered by the header's My Profile menu
 * (components/Header/ProfileMenu.tsx), which is shown exactly while a user is logged in.
 */
import { useEffect } from 'react';
import { selectToken } from '../../machines/session/selectors';
import { SessionContext, useAccountServices } from './account';

export function LanguageSync() {
  const token = SessionContext.useSelector(selectToken);
  const { syncLanguage } = useAccountServices();
  useEffect(() => (token && syncLanguage ? syncLanguage(token) : undefined), [token, syncLanguage]);
  return null;
}
