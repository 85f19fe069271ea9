/**
 * Accounts at the app root: the session actor (spec §4 session; one for the whole app, created when
 * <AccountProvider> mounts) and the calls the login, sign-up and password-reset flows give their
 * machines.
 *
 * Everything here is small and loaded with the home page: the session machine (the header needs
 * it at once to show Login or My Profile) and the seam below. The account machines, their forms
 * and the API module come later, in their own chunks (see liveAccount.ts and the popups).
 *
 * The session also runs the user's appointments list (spec §4). Its call comes from
 * `actors.loadAppointments` when given (tests), else from the appointments API module, fetched
 * the first time the list loads (after login), never with the home page.
 *
 * `AccountServices` is that seam: the real calls in main.tsx (liveAccount.ts), fakes in tests,
 * given to each machine with `machine.provide(...)` as the machines' own tests do.
 */
import { createActorContext, useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PromiseActorLogic } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments';
import type { LoginAnswer, RegisterAnswer, User } from '../../contract/auth';
import type { MobileSignInAnswer, SignInOptions } from '../../contract/mobile';
import type { MobileSignInInput, SendCodeInput } from '../../machines/mobileSignIn/events';
import {
  appointmentsListMachine,
  selectAppointments,
  selectIsLoading,
  selectListStatus,
  type AppointmentsListInput,
  type ListStatus,
} from '../../machines/appointments/appointmentsListMachine';
import type { LoginCredentials } from '../../machines/login/loginMachine';
import type { RegisterInput } from '../../machines/registration/registrationMachine';
import type { SessionUser } from '../../machines/session/context';
import {
  selectIsCheckingSession,
  selectIsLoggedIn,
  selectAppointmentsList,
  selectIsSessionUnverified,
  selectPanel,
  selectUser,
  type Panel,
} from '../../machines/session/selectors';
import { sessionMachine } from '../../machines/session/sessionMachine';
import { onLoginRefused } from '../api/loginRefused';
import { fromApi, loadOnce } from './fromApi';
import { toast } from '../ui/toast';
import { getMessages } from '../i18n/shell';
import { inspect } from './inspect';

/**
 * The calls the account machines invoke, as fromPromise actors. Each rejects with an ApiFailure
 * (src/api/client.ts) when the call fails, as the machines expect.
 */
export interface AccountActors {
  readonly fetchCurrentUser: PromiseActorLogic<User, { token: string }>;
  readonly logout: PromiseActorLogic<unknown, { token: string }>;
  readonly login: PromiseActorLogic<LoginAnswer, LoginCredentials>;
  readonly exchangeGoogleCode: PromiseActorLogic<LoginAnswer, { code: string }>;
  readonly register: PromiseActorLogic<RegisterAnswer, RegisterInput>;
  /** POST /auth/mobile/send-code and /auth/mobile/sign-in: the mobile path of the login and sign-up popups. */
  readonly sendSignInCode: PromiseActorLogic<unknown, SendCodeInput>;
  readonly mobileSignIn: PromiseActorLogic<MobileSignInAnswer, MobileSignInInput>;
  readonly sendOtp: PromiseActorLogic<unknown, { email: string }>;
  readonly validateOtp: PromiseActorLogic<unknown, { email: string; otp: string }>;
  readonly resetPassword: PromiseActorLogic<unknown, { email: string; password: string }>;
  /** The user's appointments (GET /auth/getUser/{email}); absent: the live call, loaded lazily (see the top). */
  readonly loadAppointments?: PromiseActorLogic<AppointmentRecord[], AppointmentsListInput>;
}

/** The local storage key of the login token (spec §3). */
export const tokenKey = 'token';

/** Where the login token lives between visits (spec §3: local storage, key `token`). */
export interface TokenStore {
  read(): string | null;
  write(token: string): void;
  remove(): void;
}

export interface AccountServices {
  readonly actors: AccountActors;
  readonly tokenStore: TokenStore;
  /**
   * "Continue with Google": sends the browser to the API's Google start address (a full page
   * load; it comes back at /#/auth/google). `returnTo` is the in-app path to show afterwards.
   */
  readonly redirectToGoogle: (returnTo: string) => void;
  /**
   * GET /auth/sign-in-options (rejects when it fails): whether the popups offer "Continue with
   * mobile number". The popups ask once a page (src/components/Auth/signInOptions.ts). Absent
   * (tests' fakes that do not say): no mobile path.
   */
  readonly loadSignInOptions?: (signal: AbortSignal) => Promise<SignInOptions>;
  /** Starts loading the account forms and the API module (a pointer or focus near Login). */
  readonly preload?: () => void;
  /**
   * While logged in, keeps the account's language in step with the page's
   * (./languageAccount.ts); returns the function that stops it. Absent (tests' fakes): not kept.
   */
  readonly syncLanguage?: (token: string) => () => void;
}

/** The live list call; the appointments API is fetched the first time the list loads (after login). */
const appointmentsApi = loadOnce(() => import('../api/appointments'));
const lazyLoadAppointments = fromApi(async ({ email, token }: AppointmentsListInput, signal) =>
  (await appointmentsApi()).fetchAppointments(email, token, signal),
);

/** What the session's effects reach outside the machine: the router. */
export interface SessionPage {
  readonly navigate: (to: string) => void;
}

/**
 * The session's provider: the machine with the app's calls and token storage, and its effects as
 * provided actions (a toast in the catalog's words, going home), not events a view listens for.
 */
export function provideSession(services: AccountServices, page: SessionPage) {
  const { actors, tokenStore } = services;
  return sessionMachine.provide({
    actors: {
      fetchCurrentUser: actors.fetchCurrentUser,
      logout: actors.logout,
      appointmentsList: appointmentsListMachine.provide({
        actors: { loadAppointments: actors.loadAppointments ?? lazyLoadAppointments },
      }),
    },
    actions: {
      storeToken: (_, params) => tokenStore.write(params.token),
      forgetToken: () => tokenStore.remove(),
      tellLoggedOut: () => toast.info(getMessages().spec.logoutSuccess),
      tellSomethingWentWrong: () => toast.error(getMessages().spec.somethingWentWrong),
      tellExpired: (_, { text }) => void (text && toast.error(text)),
      goHome: () => page.navigate('/'),
    },
  });
}

export const SessionContext = createActorContext(sessionMachine);

const ServicesContext = createContext<AccountServices | null>(null);

/** Creates the session actor once, with the token stored when the app started. */
export function AccountProvider({ services, children }: { services: AccountServices; children: ReactNode }) {
  // Both read once: the actor is created on the first render and lives as long as the app.
  const navigate = useNavigate();
  const latestNavigate = useRef(navigate);
  latestNavigate.current = navigate;
  const [logic] = useState(() => provideSession(services, { navigate: (to) => latestNavigate.current(to) }));
  const [storedToken] = useState(() => services.tokenStore.read());
  return (
    <ServicesContext.Provider value={services}>
      <SessionContext.Provider logic={logic} options={{ input: { storedToken }, inspect }}>
        <LoginRefusals />
        {children}
      </SessionContext.Provider>
    </ServicesContext.Provider>
  );
}

/**
 * A 401 to any call with a token ends the session here, once, for every machine: the request base
 * tells this listener (src/api/client.ts, through src/api/loginRefused.ts), which lives as long as
 * the session's provider.
 */
function LoginRefusals() {
  const session = SessionContext.useActorRef();
  useEffect(
    () => onLoginRefused((failure) => session.send({ type: 'session.expired', ...(failure.generic ? {} : { text: failure.message }) })),
    [session],
  );
  return null;
}

export function useAccountServices(): AccountServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useAccountServices needs an <AccountProvider> above it');
  return services;
}

export interface SessionView {
  readonly isLoggedIn: boolean;
  /** A stored token is being checked: show neither Login nor My Profile yet. */
  readonly isChecking: boolean;
  /** The stored token could not be checked (offline, server down): shown logged out, can retry. */
  readonly isUnverified: boolean;
  readonly user: SessionUser | null;
  readonly panel: Panel;
}

/** What the views read from the session, through the machine's named selectors. */
export function useSession(): SessionView {
  const isLoggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const isChecking = SessionContext.useSelector(selectIsCheckingSession);
  const isUnverified = SessionContext.useSelector(selectIsSessionUnverified);
  const user = SessionContext.useSelector(selectUser);
  const panel = SessionContext.useSelector(selectPanel);
  return { isLoggedIn, isChecking, isUnverified, user, panel };
}

export interface AppointmentsListView {
  /** 'loading' also while logged out or before the user is known. */
  readonly status: ListStatus;
  /** The last list loaded, newest first. */
  readonly appointments: AppointmentRecord[];
  /** A load is running (the first, or a refresh with the older list still shown). */
  readonly isLoading: boolean;
  /** After every change (edit, cancel, payment): the session loads the list again. */
  readonly refresh: () => void;
  /** After a failed load ('Something went wrong.'). */
  readonly retry: () => void;
}

const noAppointments: AppointmentRecord[] = [];

/** The session's appointments list (spec §4 shared state), through the list machine's selectors. */
export function useAppointmentsList(): AppointmentsListView {
  const session = SessionContext.useActorRef();
  const list = SessionContext.useSelector(selectAppointmentsList);
  const status = useSelector(list, (snapshot) => (snapshot ? selectListStatus(snapshot) : 'loading'));
  const appointments = useSelector(list, (snapshot) => (snapshot ? selectAppointments(snapshot) : noAppointments));
  const isLoading = useSelector(list, (snapshot) => (snapshot ? selectIsLoading(snapshot) : false));
  const refresh = useCallback(() => session.send({ type: 'appointments.refresh' }), [session]);
  const retry = useCallback(() => list?.send({ type: 'appointments.retry' }), [list]);
  return { status, appointments, isLoading, refresh, retry };
}
