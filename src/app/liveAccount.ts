/**
 * The real account calls and token storage: given to <App> in main.tsx.
 *
 * The API module (src/api/auth.ts with its io-ts codecs) is a chunk of its own, fetched the first
 * time a call needs it (or earlier, from `preload`), so the home page's first JavaScript stays
 * small: this file holds only the small wrappers below.
 */
import type { Either } from 'fp-ts/lib/Either.js';
import type { ApiFailure } from '../api/client';
import { toast } from '../components/Toast/toast';
import { messages } from '../i18n/shell';
import { fromAbortablePromise } from './abortable';
import { tokenKey, type AccountActors, type AccountServices, type TokenStore } from './account';
import { rememberGoogleReturn } from './googleReturn';

type AuthApiModule = typeof import('../api/auth');

let authApi: Promise<AuthApiModule> | null = null;

/** The API module, fetched once; a failed fetch (offline) is tried again on the next call. */
function loadAuthApi(): Promise<AuthApiModule> {
  authApi ??= import('../api/auth').catch((error: unknown) => {
    authApi = null;
    throw error;
  });
  return authApi;
}

/**
 * A promise actor over one API call: resolves with the answer or rejects with the ApiFailure
 * (what the account machines expect); the machine's abort signal goes on to fetch, and what a
 * call answers after it aborted is dropped (see ./abortable.ts).
 */
function call<TOutput, TInput>(
  run: (api: AuthApiModule, input: TInput, signal: AbortSignal) => Promise<Either<ApiFailure, TOutput>>,
) {
  return fromAbortablePromise<TOutput, TInput>(async ({ input, signal }) => {
    const api = await loadAuthApi();
    return api.orReject(run(api, input, signal));
  });
}

export const liveAccountActors: AccountActors = {
  fetchCurrentUser: call((api, { token }, signal) => api.fetchCurrentUser(token, signal)),
  logout: call<unknown, { token: string }>((api, { token }, signal) => api.logout(token, signal)),
  login: call((api, credentials, signal) => api.login(credentials, signal)),
  exchangeGoogleCode: call((api, { code }, signal) => api.exchangeGoogleCode(code, signal)),
  register: call((api, fields, signal) => api.register(fields, signal)),
  sendOtp: call<unknown, { email: string }>((api, fields, signal) => api.sendOtp(fields, signal)),
  validateOtp: call<unknown, { email: string; otp: string }>((api, fields, signal) => api.validateOtp(fields, signal)),
  resetPassword: call<unknown, { email: string; password: string }>((api, fields, signal) => api.forgotPassword(fields, signal)),
};

/** Local storage under `token`; storage that is off (a private window) just keeps nothing. */
export const localTokenStore: TokenStore = {
  read() {
    try {
      return localStorage.getItem(tokenKey);
    } catch {
      return null;
    }
  },
  write(token) {
    try {
      localStorage.setItem(tokenKey, token);
    } catch {
      // Logged in for this visit only.
    }
  },
  remove() {
    try {
      localStorage.removeItem(tokenKey);
    } catch {
      // Nothing was stored.
    }
  },
};

export const liveAccountServices: AccountServices = {
  actors: liveAccountActors,
  tokenStore: localTokenStore,
  redirectToGoogle(returnTo) {
    rememberGoogleReturn(returnTo);
    loadAuthApi().then(
      (api) => window.location.assign(api.googleStartUrl()),
      () => {
        // The API module could not load (offline): say so like any other Google failure.
        toast.error(messages.spec.googleLoginFailed);
      },
    );
  },
  preload() {
    loadAuthApi().catch(() => {
      // Reported by the call that needs it.
    });
  },
};
