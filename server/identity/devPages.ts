/**
 * The development provider's pages: the account chooser and an error page. Plain HTML forms with
 * one stylesheet from our own origin, so they work under the site's content security policy
 * (self only, no inline scripts or styles) without an exception.
 */

export interface DemoAccount {
  /** The form's value; never trusted beyond picking one of these. */
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  emailVerified: boolean;
}

/** Google-style people to sign in as. The .example domain is reserved: no mail ever goes there. */
export const demoAccounts: readonly DemoAccount[] = [
  { id: 'asha', email: 'asha.rao@gmail.example', givenName: 'Asha', familyName: 'Rao', emailVerified: true },
  { id: 'vikram', email: 'vikram.nair@gmail.example', givenName: 'Vikram', familyName: 'Nair', emailVerified: true },
  { id: 'meera', email: 'meera.iyer@gmail.example', givenName: 'Meera', familyName: 'Iyer', emailVerified: true },
  { id: 'rohan', email: 'rohan.das@gmail.example', givenName: 'Rohan', familyName: 'Das', emailVerified: false },
];

export const stylesheetPath = '/dev-idp/assets/sign-in.css';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${stylesheetPath}">
</head>
<body>
<main class="card">
<p class="badge">Development sign-in: not Google</p>
${main}
</main>
</body>
</html>
`;
}

export interface SignInPageInput {
  /** Where the forms post: `/dev-idp/interaction/<uid>`. */
  action: string;
  clientName: string;
  /** What the person typed, shown again with `error`. */
  typed?: { email: string; givenName: string; familyName: string; unverified: boolean };
  error?: string;
}

export function signInPage({ action, clientName, typed, error }: SignInPageInput): string {
  const login = `${action}/login`;
  const accounts = demoAccounts
    .map(
      (a) => `<li>
<form method="post" action="${escapeHtml(login)}">
<input type="hidden" name="account" value="${escapeHtml(a.id)}">
<button type="submit" class="account">
<span class="name">${escapeHtml(`${a.givenName} ${a.familyName}`)}</span>
<span class="email">${escapeHtml(a.email)}</span>${a.emailVerified ? '' : '\n<span class="note">email not verified: the clinic will refuse it</span>'}
</button>
</form>
</li>`,
    )
    .join('\n');
  const value = (s: string | undefined) => (s ? ` value="${escapeHtml(s)}"` : '');
  return page(
    'Choose an account',
    `<h1>Choose an account</h1>
<p class="lead">to continue to ${escapeHtml(clientName)}. This stand-in for Google runs on this server while OIDC_ISSUER is not set.</p>
<ul class="accounts">
${accounts}
</ul>
<form method="post" action="${escapeHtml(login)}" class="other" novalidate>
<h2>Use another account</h2>
${error ? `<p class="error" role="alert" id="other-error">${escapeHtml(error)}</p>\n` : ''}<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required${value(typed?.email)}${error ? ' aria-invalid="true" aria-describedby="other-error"' : ''}>
<label for="given_name">First name <span class="optional">(optional)</span></label>
<input id="given_name" name="given_name" type="text" autocomplete="given-name"${value(typed?.givenName)}>
<label for="family_name">Last name <span class="optional">(optional)</span></label>
<input id="family_name" name="family_name" type="text" autocomplete="family-name"${value(typed?.familyName)}>
<div class="check">
<input id="unverified" name="unverified" type="checkbox" value="1"${typed?.unverified ? ' checked' : ''}>
<label for="unverified">Say this email is not verified (to see the clinic refuse it)</label>
</div>
<button type="submit" class="primary">Continue</button>
</form>
<form method="post" action="${escapeHtml(`${action}/abort`)}" class="cancel">
<button type="submit" class="link">Cancel and go back</button>
</form>`,
  );
}

export function errorPage(title: string, message: string, backTo?: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="lead">${escapeHtml(message)}</p>${backTo ? `\n<p><a href="${escapeHtml(backTo)}">Back to the clinic site</a></p>` : ''}`,
  );
}

export const stylesheet = `:root {
  color-scheme: light;
  --ink: #1f2430;
  --muted: #5b6170;
  --line: #d5d9e0;
  --accent: #1a73e8;
  --warn: #a4410e;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink);
  background: #f1f3f6;
}
* { box-sizing: border-box; }
body { margin: 0; padding: 1rem; }
.card {
  max-width: 28rem;
  margin: 2rem auto;
  padding: 1.5rem;
  background: #fff;
  border: 1px solid var(--line);
  border-radius: 0.75rem;
}
.badge {
  display: inline-block;
  margin: 0 0 1rem;
  padding: 0.2rem 0.6rem;
  border-radius: 1rem;
  background: #fff4e5;
  color: var(--warn);
  font-size: 0.85rem;
  font-weight: 600;
}
h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
.lead { color: var(--muted); margin: 0 0 1rem; }
.accounts { list-style: none; margin: 0; padding: 0; }
.accounts li + li { margin-top: 0.5rem; }
.accounts form { margin: 0; }
button { font: inherit; cursor: pointer; }
.account {
  display: flex;
  flex-direction: column;
  width: 100%;
  padding: 0.75rem 1rem;
  text-align: left;
  background: #fff;
  border: 1px solid var(--line);
  border-radius: 0.5rem;
  color: var(--ink);
}
.account:hover, .account:focus-visible { border-color: var(--accent); }
.name { font-weight: 600; }
.email { color: var(--muted); }
.note { color: var(--warn); font-size: 0.85rem; }
label { display: block; margin: 0.75rem 0 0.25rem; }
.optional { color: var(--muted); font-size: 0.85rem; }
input[type="email"], input[type="text"] {
  width: 100%;
  padding: 0.6rem;
  font: inherit;
  border: 1px solid var(--line);
  border-radius: 0.4rem;
}
.check { display: flex; gap: 0.5rem; align-items: flex-start; margin-top: 0.75rem; }
.check label { margin: 0; }
.check input { margin-top: 0.25rem; }
.primary {
  margin-top: 1rem;
  padding: 0.6rem 1.2rem;
  border: 0;
  border-radius: 0.4rem;
  background: var(--accent);
  color: #fff;
}
.cancel { margin-top: 1rem; }
.link { padding: 0; border: 0; background: none; color: var(--accent); text-decoration: underline; }
.error { color: #b00020; font-weight: 600; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;
