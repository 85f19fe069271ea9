/**
 * How a fee is paid at the counter (cash, UPI, card) and, for UPI and card, the reference the
 * terminal or the app shows; the server's error on the reference under it. The desk's fee step
 * and a visit's "Take payment" both show it.
 */
import { useId } from 'react';
import { counterMethods, type CounterMethod } from '../../../machines/desk/desk';
import { useDeskMessages } from '../../i18n/deskMessages';
import { TextField } from '../../ui/Field';

export function CounterMethodFields({
  method,
  reference,
  referenceError,
  disabled,
  onMethod,
  onReference,
}: {
  readonly method: CounterMethod;
  readonly reference: string;
  readonly referenceError?: string | undefined;
  readonly disabled: boolean;
  readonly onMethod: (method: CounterMethod) => void;
  readonly onReference: (reference: string) => void;
}) {
  const texts = useDeskMessages().fee;
  const name = useId();
  return (
    <>
      <fieldset className="desk-choices" disabled={disabled}>
        <legend>{texts.method}</legend>
        {counterMethods.map((m) => (
          <label key={m} className="desk-choices__choice">
            <input type="radio" name={name} value={m} checked={method === m} onChange={() => onMethod(m)} />
            {texts.methodNames[m]}
          </label>
        ))}
      </fieldset>
      {method !== 'cash' && (
        <TextField look="admin" label={texts.reference} hint={texts.referenceHint} value={reference} error={referenceError} disabled={disabled} onValue={onReference} />
      )}
    </>
  );
}
