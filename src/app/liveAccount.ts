/**
 * The real account calls and token storage: given to <App> in main.tsx.
 *
 * The API module (src/api/auth.ts with its io-ts codecs) is a chunk of its own, fetched the first
 * time a call needs it (or earlier, from `preload`), so the home page's first JavaScript stays
 * small: this file holds only the small wrappers below.
 */
import type { LoginCredentials } from '../../machines/login/loginMachine';
import type { RegisterInput } from '../../machines/registration/registrationMachine';
import { toast } from '../ui/toast';
import { getMessages } from '../i18n/shell';
import { tokenKey, type AccountActors, type AccountServices, type TokenStore } from './account';
import type { MobileSignInInput, SendCodeInput } from '../../machines/mobileSignIn/events';
import { answerOf, fromApi, loadOnce, type ApiCall } from './fromApi';
import { rememberGoogleReturn } from './googleReturn';
import { clearPersonalCopies } from '../pwa/personalCopies';

const loadAuthApi = loadOnce(() => import('../api/auth'));
type AuthApi = Awaited<ReturnType<typeof loadAuthApi>>;

/** `fromApi` over a call of the auth module, fetched first (kept short: this file ships with the home page). */
const auth = <TOutput, TInput>(call: (api: AuthApi, input: TInput, signal: AbortSignal) => ReturnType<ApiCall<TInput, TOutput>>) =>
  fromApi<TOutput, TInput>(async (input, signal) => call(await loadAuthApi(), input, signal));

export const liveAccountActors: AccountActors = {
  fetchCurrentUser: auth((api, { token }: { token: string }, signal) => api.fetchCurrentUser(token, signal)),
  logout: auth<unknown, { token: string }>((api, { token }, signal) => api.logout(token, signal)),
  login: auth((api, credentials: LoginCredentials, signal) => api.login(credentials, signal)),
  exchangeGoogleCode: auth((api, { code }: { code: string }, signal) => api.exchangeGoogleCode(code, signal)),
  register: auth((api, fields: RegisterInput, signal) => api.register(fields, signal)),
  sendOtp: auth<unknown, { email: string }>((api, fields, signal) => api.sendOtp(fields, signal)),
  validateOtp: auth<unknown, { email: string; otp: string }>((api, fields, signal) => api.validateOtp(fields, signal)),
  resetPassword: auth<unknown, { email: string; password: string }>((api, fields, signal) => api.forgotPassword(fields, signal)),
  sendSignInCode: auth<unknown, SendCodeInput>((api, fields, signal) => api.sendSignInCode(fields, signal)),
  mobileSignIn: auth((api, fields: MobileSignInInput, signal) => api.mobileSignIn(fields, signal)),
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
      // Another login (or another patient): the copies kept for offline use were the old one's.
      if (localStorage.getItem(tokenKey) !== token) void clearPersonalCopies();
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
    // Logout, a refused login, the account closed: the device keeps nothing personal.
    void clearPersonalCopies();
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
        toast.error(getMessages().spec.googleLoginFailed);
      },
    );
  },
  loadSignInOptions: async (signal) => answerOf((await loadAuthApi()).signInOptions(signal)),
  preload() {
    loadAuthApi().catch(() => {
      // Reported by the call that needs it.
    });
  },
  syncLanguage(token) {
    const sync = import('./languageAccount').then((module) => module.syncAccountLanguage(token));
    return () => void sync.then((stop) => stop(), () => undefined);
  },
};
