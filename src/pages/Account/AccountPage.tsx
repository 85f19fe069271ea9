/**
 * /account (spec §2): the profile of the logged-in user: name, the mobile number and the email
 * (each added or changed with its own code, ./PhoneRow.tsx and ./EmailRow.tsx) and a masked
 * password, with an Edit button that goes to /forgotpassword, where a new password is set after
 * proving the email with a code. Below: profile details, family members, appointment reminders,
 * notifications on this phone (a patient's),
 * the account's ABHA (a patient's), the account's own data.
 */
import { SessionContext, useSession } from '../../app/account';
import { selectToken } from '../../../machines/session/selectors';
import { AccountAbha } from '../../components/Abha/AccountAbha';
import { FamilySection } from '../../components/People/FamilySection';
import { ProfileSection } from '../../components/People/ProfileSection';
import { ReminderSection } from '../../components/People/ReminderSection';
import { PushSection } from '../../components/Push/PushSection';
import { RequireLogin } from '../../app/RequireLogin';
import { usePageTitle } from '../../app/usePageTitle';
import { Link } from '../../components/Link/Link';
import { useMessages } from '../../i18n/messages';
import AccountRecords from '../../components/Records/AccountRecords';
import { EmailRow } from './EmailRow';
import { PhoneRow } from './PhoneRow';
import './AccountPage.css';

/** The route: logged out, it asks for login (and shows the profile once logged in there). */
export default function AccountRoute() {
  const messages = useMessages();
  return (
    <RequireLogin title={messages.account.profileTitle}>
      <AccountPage />
    </RequireLogin>
  );
}

function AccountPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.account);
  const { user } = useSession();
  const token = SessionContext.useSelector(selectToken);
  const { account, people } = messages;
  if (!user) return null;
  // A Google or mobile sign-up has no password yet: "Set a password" instead of a masked one. A
  // password signs in with the email and is set with an email code (/forgotpassword), so an
  // account without an email is told to add one first rather than sent to a form it cannot use.
  const noPassword = user.hasPassword === false;
  const canSetPassword = user.email !== null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');

  return (
    <div className="page container">
      <h1>{account.profileTitle}</h1>
      <p className="page__lead">{account.profileIntro}</p>
      <dl className="profile">
        <div className="profile__row">
          <dt>{account.name}</dt>
          <dd>{name}</dd>
        </div>
        {token && (
          <>
            {/* Keyed by what the phone's proof depends on, so a new email or password offers it at once. */}
            <PhoneRow key={`${user.email ?? ''}|${String(user.hasPassword)}`} user={user} token={token} />
            <EmailRow user={user} token={token} />
          </>
        )}
        <div className="profile__row">
          <dt>{account.fields.password}</dt>
          {noPassword ? (
            <dd>
              {user.signInMethod === 'phone' ? people.noPasswordPhone : people.noPassword}
              {!canSetPassword && <span className="profile__note">{people.passwordNeedsEmail}</span>}
            </dd>
          ) : (
            <dd>
              <span aria-hidden="true" className="profile__masked">
                {account.maskedPassword}
              </span>
              <span className="visually-hidden">{account.passwordHidden}</span>
            </dd>
          )}
          <dd className="profile__action">
            {noPassword ? (
              canSetPassword && (
                <Link to="/forgotpassword" className="button button--outline">
                  {people.setPassword}
                </Link>
              )
            ) : (
              <Link
                to="/forgotpassword"
                className="button button--outline"
                aria-label={account.editLabel(account.fields.password)}
              >
                {account.edit}
              </Link>
            )}
          </dd>
        </div>
      </dl>
      {token && <ProfileSection user={user} token={token} />}
      {token && user.role === 'patient' && <AccountAbha token={token} />}
      {token && <FamilySection token={token} />}
      {token && <ReminderSection user={user} token={token} />}
      {token && user.role === 'patient' && <PushSection token={token} />}
      {/* Deletion is confirmed by a code to the email, or texted to the verified number of an account without one. */}
      {(user.email !== null || user.phoneVerified === true) && (
        <AccountRecords user={{ email: user.email, phoneNumber: user.phoneNumber, phoneVerified: user.phoneVerified, role: user.role }} />
      )}
    </div>
  );
}
