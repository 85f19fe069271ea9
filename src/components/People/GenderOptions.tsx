/** The gender choice's options of the people forms: none chosen yet, male, female. */
import { useMessages } from '../../i18n/messages';

export function GenderOptions() {
  const { booking, account } = useMessages();
  return (
    <>
      <option value="">{booking.genderChoose}</option>
      <option value="male">{account.fields.male}</option>
      <option value="female">{account.fields.female}</option>
    </>
  );
}
