/** "or", then "Continue with Google": under the login popup's email form and under its mobile number. */
import { useMessages } from '../../i18n/messages';
import { GoogleIcon } from './GoogleIcon';

export function OrContinueWithGoogle({ onGoogle }: { onGoogle: () => void }) {
  const { account } = useMessages();
  return (
    <>
      <p className="auth-divider">
        <span>{account.or}</span>
      </p>
      <button type="button" className="button button--outline auth-google" onClick={onGoogle}>
        <GoogleIcon />
        {account.continueWithGoogle}
      </button>
    </>
  );
}
