/**
 * The real account calls and token storage: given to <App> in main.tsx.
 *
 * The API module (src/api/auth.ts with its io-ts codecs) is a chunk of its own, fetched the first
 * time a call needs it (or earlier, from `preload`), so the home page's first JavaScript stays
 * small: this file holds only the small wrappers below.
 */
import type { LoginCredentials } from '../../machines/login/loginMachine';
import type { RegisterInput } from '../../machines/registration/registrationMachine';
import { toast } from '../components/Toast/toast';
import { messages } from '../i18n/shell';
import { tokenKey, type AccountActors, type AccountServices, type TokenStore } from './account';
import { fromApi, loadOnce } from './fromApi';
import { rememberGoogleReturn } from './googleReturn';

const loadAuthApi = loadOnce(() => import('../api/auth'));

export const liveAccountActors: AccountActors = {
  fetchCurrentUser: fromApi(async ({ token }: { token: string }, signal) => (await loadAuthApi()).fetchCurrentUser(token, signal)),
  logout: fromApi<unknown, { token: string }>(async ({ token }, signal) => (await loadAuthApi()).logout(token, signal)),
  login: fromApi(async (credentials: LoginCredentials, signal) => (await loadAuthApi()).login(credentials, signal)),
  exchangeGoogleCode: fromApi(async ({ code }: { code: string }, signal) => (await loadAuthApi()).exchangeGoogleCode(code, signal)),
  register: fromApi(async (fields: RegisterInput, signal) => (await loadAuthApi()).register(fields, signal)),
  sendOtp: fromApi<unknown, { email: string }>(async (fields, signal) => (await loadAuthApi()).sendOtp(fields, signal)),
  validateOtp: fromApi<unknown, { email: string; otp: string }>(async (fields, signal) => (await loadAuthApi()).validateOtp(fields, signal)),
  resetPassword: fromApi<unknown, { email: string; password: string }>(
    async (fields, signal) => (await loadAuthApi()).forgotPassword(fields, signal),
  ),
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
