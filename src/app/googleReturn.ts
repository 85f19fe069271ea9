/**
 * Where to go after "Continue with Google": the browser leaves the app for the sign-in (a full
 * page load) and comes back at /#/auth/google, so the in-app path to return to is kept in
 * session storage (this tab only) until then.
 */

const returnKey = 'googleReturnTo';

/** Remembers the in-app path (e.g. '/account') to show once Google sign-in is done. */
export function rememberGoogleReturn(path: string): void {
  try {
    sessionStorage.setItem(returnKey, path);
  } catch {
    // Storage is off (a private window): the app goes home afterwards instead.
  }
}

/** The path remembered before leaving, once (it is removed), or '/' when there is none usable. */
export function takeGoogleReturn(): string {
  let path: string | null = null;
  try {
    path = sessionStorage.getItem(returnKey);
    sessionStorage.removeItem(returnKey);
  } catch {
    // As above.
  }
  // Only a path inside the app, and never the return route itself.
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/auth/google')) return '/';
  return path;
}
