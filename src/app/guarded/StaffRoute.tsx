/**
 * /staff/* (issue 6): the staff console for a logged-in user; logged out, it asks for login. Its
 * own chunk, with the console: patients never download it.
 */
import { staffMessages } from '../../i18n/staffMessages';
import StaffConsole from '../../staff/StaffConsole';
import { RequireLogin } from '../RequireLogin';

export default function StaffRoute() {
  return (
    <RequireLogin title={staffMessages.console.title}>
      <StaffConsole />
    </RequireLogin>
  );
}
