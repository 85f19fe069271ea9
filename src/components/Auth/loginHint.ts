/**
 * The email to put in the login form when it opens right after another flow that knows it (a
 * sign-up, a password reset), so the person only types the password.
 */
let hint = '';

export function suggestLoginEmail(email: string): void {
  hint = email.trim();
}

/** The suggested email, if any ('' otherwise). */
export function suggestedLoginEmail(): string {
  return hint;
}

/** Forgets the suggestion once the login form has used it. */
export function forgetLoginEmail(): void {
  hint = '';
}
