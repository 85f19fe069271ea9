/**
 * The quotation form, honest about what it does: it validates the fields, then hands the visitor
 * to their email app (a prefilled mailto: link) or to a phone call. It never pretends to send.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../ui/toast';
import { clinic } from '../../content/clinic';
import { useMessages } from '../../i18n/messages';
import {
  emptyQuotation,
  quotationMailto,
  validateQuotation,
  type QuotationErrors,
  type QuotationFields,
} from './quotation';

const fieldOrder: ReadonlyArray<keyof QuotationFields> = ['name', 'phone', 'email', 'message'];

/**
 * The fields, their problems, and submit: a field's message clears as soon as it is fixed; on
 * submit every problem shows and focus goes to the first, else `onValid` runs.
 */
function useQuotationFields(fieldId: (name: keyof QuotationFields) => string, onValid: () => void) {
  const [fields, setFields] = useState<QuotationFields>(emptyQuotation);
  const [errors, setErrors] = useState<QuotationErrors>({});

  function update(name: keyof QuotationFields, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    // Clear a field's message as soon as it is fixed.
    if (errors[name]) {
      const next = validateQuotation({ ...fields, [name]: value });
      setErrors((current) => ({ ...current, [name]: next[name] }));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateQuotation(fields);
    setErrors(found);
    const firstInvalid = fieldOrder.find((name) => found[name]);
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    onValid();
  }

  return { fields, errors, update, onSubmit };
}

/** What happens next once the message is ready: the email app, a call, or back to editing. */
function QuotationReady({ fields, onEdit }: { fields: QuotationFields; onEdit: () => void }) {
  const messages = useMessages();
  const readyHeading = useRef<HTMLHeadingElement>(null);
  // Shown when the message is ready: focus moves to the panel that says what happens next.
  useEffect(() => {
    readyHeading.current?.focus();
  }, []);
  return (
    <div className="quotation-ready">
      <h3 ref={readyHeading} tabIndex={-1} className="quotation-ready__title">
        {messages.quotation.readyHeading}
      </h3>
      <p>{messages.quotation.readyBody}</p>
      <div className="quotation-ready__actions">
        <a
          className="button button--primary"
          href={quotationMailto(fields)}
          onClick={() => toast.info(messages.quotation.handedToEmail)}
        >
          {messages.quotation.sendByEmail}
        </a>
        <a className="button button--outline" href={clinic.phone.href}>
          {messages.quotation.callInstead(clinic.phone.display)}
        </a>
        <button type="button" className="button button--outline" onClick={onEdit}>
          {messages.quotation.edit}
        </button>
      </div>
    </div>
  );
}

export function QuotationForm() {
  const messages = useMessages();
  const id = useId();
  const [ready, setReady] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const fieldId = (name: keyof QuotationFields) => `${id}-${name}`;
  const { fields, errors, update, onSubmit } = useQuotationFields(fieldId, () => setReady(true));

  if (ready) return <QuotationReady fields={fields} onEdit={() => setReady(false)} />;

  const hasErrors = fieldOrder.some((name) => errors[name]);

  return (
    <form ref={form} className="quotation" noValidate onSubmit={onSubmit}>
      {hasErrors && (
        <p className="quotation__summary" role="alert">
          {messages.quotation.errorSummary}
        </p>
      )}
      <Field
        id={fieldId('name')}
        name="name"
        label={messages.quotation.name}
        error={errors.name}
        input={(props) => (
          <input {...props} type="text" autoComplete="name" value={fields.name} onChange={(e) => update('name', e.target.value)} />
        )}
      />
      <Field
        id={fieldId('phone')}
        name="phone"
        label={messages.quotation.phone}
        hint={messages.quotation.phoneHint}
        error={errors.phone}
        input={(props) => (
          <input {...props} type="tel" autoComplete="tel" inputMode="tel" value={fields.phone} onChange={(e) => update('phone', e.target.value)} />
        )}
      />
      <Field
        id={fieldId('email')}
        name="email"
        label={messages.quotation.email}
        error={errors.email}
        input={(props) => (
          <input {...props} type="email" autoComplete="email" value={fields.email} onChange={(e) => update('email', e.target.value)} />
        )}
      />
      <Field
        id={fieldId('message')}
        name="message"
        label={messages.quotation.message}
        hint={messages.quotation.messageHint}
        error={errors.message}
        input={(props) => (
          <textarea {...props} rows={5} value={fields.message} onChange={(e) => update('message', e.target.value)} />
        )}
      />
      <button type="submit" className="button button--primary">
        {messages.quotation.submit}
      </button>
    </form>
  );
}

interface InputProps {
  id: string;
  name: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  required: true;
}

function Field({
  id,
  name,
  label,
  hint,
  error,
  input,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error: string | undefined;
  input: (props: InputProps) => React.ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {input({
        id,
        name,
        className: 'field__input',
        'aria-invalid': Boolean(error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        required: true,
      })}
    </div>
  );
}
