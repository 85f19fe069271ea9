/** The pieces every field of the people forms shares: its id, aria-invalid, aria-describedby, and its problem's text. */
export function fieldProps(base: string, field: string, error: string | undefined) {
  return {
    id: `${base}-${field}`,
    'data-field': field,
    'aria-invalid': error !== undefined ? (true as const) : undefined,
    'aria-describedby': error !== undefined ? `${base}-${field}-error` : undefined,
  };
}

export function FieldProblem({ base, field, text }: { base: string; field: string; text: string | undefined }) {
  if (text === undefined) return null;
  return (
    <p id={`${base}-${field}-error`} className="people-field__error">
      {text}
    </p>
  );
}
