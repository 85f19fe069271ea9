/**
 * /staff/*: the staff console for a logged-in user; logged out, it asks for login. Its
 * own chunk, with the console: patients never download it.
 */
import { useStaffMessages } from '../../i18n/staffMessages';
import StaffConsole from '../../staff/StaffConsole';
import { RequireLogin } from '../RequireLogin';

export default function StaffRoute() {
  const staff = useStaffMessages();
  return (
    <RequireLogin title={staff.console.title}>
      <StaffConsole />
    </RequireLogin>
  );
}
