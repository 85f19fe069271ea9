/**
 * /staff/*: the staff console for a logged-in user; logged out, it asks for login. Its
 * own chunk, with the console: patients never download it. The console's own frame (bar and main,
 * no public header or footer) is around both.
 */
import { useStaffMessages } from '../../i18n/staffMessages';
import StaffConsole from '../../staff/StaffConsole';
import { StaffFrame } from '../../staff/StaffFrame';
import { RequireLogin } from '../RequireLogin';

export default function StaffRoute() {
  const staff = useStaffMessages();
  return (
    <StaffFrame>
      <RequireLogin title={staff.console.title}>
        <StaffConsole />
      </RequireLogin>
    </StaffFrame>
  );
}
