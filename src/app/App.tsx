/**
 * The app root: the router (hash routes, spec §2), the site-options and session actors (created
 * here once, when their Providers mount), the selected location and the popups. Every route but
 * home is loaded lazily, in its own chunk; so are the login and sign-up popups.
 */
import { lazy, Suspense } from 'react';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { PopupProvider } from '../components/Popup/popups';
import { HomePage } from '../pages/Home/HomePage';
import { AccountProvider, type AccountServices } from './account';
import { BookingServicesProvider, type BookingServices } from './booking';
import { PeopleServicesProvider, type PeopleServices } from './people';
import { PushServicesProvider, type PushServices } from './push';
import { BareLayout, Layout } from './Layout';
import { liveAccountServices } from './liveAccount';
import { SessionEvents } from './SessionEvents';
import { SelectedLocationProvider } from './location';
import { SiteOptionsContext, SiteOptionsLanguage, type SiteOptionsLogic } from './siteOptions';
import type { Language } from '../i18n/language';
import { inspect } from './inspect';

const TreatmentsPage = lazy(() => import('../pages/Treatments/TreatmentsPage'));
const GalleryPage = lazy(() => import('../pages/Gallery/GalleryPage'));
const AboutPage = lazy(() => import('../pages/About/AboutPage'));
const TeamsPage = lazy(() => import('../pages/Teams/TeamsPage'));
const ContactPage = lazy(() => import('../pages/Contact/ContactPage'));
const TermsPage = lazy(() => import('../pages/Legal/TermsPage'));
const PrivacyPage = lazy(() => import('../pages/Legal/PrivacyPage'));
const ComingSoonPage = lazy(() => import('../pages/ComingSoon/ComingSoonPage'));
const PaymentPage = lazy(() => import('../pages/Payment/PaymentPage'));
const PaymentResultPage = lazy(() => import('../pages/Payment/PaymentResultPage'));
const NotFoundPage = lazy(() => import('../pages/NotFound/NotFoundPage'));
const VerifyPage = lazy(() => import('../verify/VerifyPage'));
// The pages that need login carry their guard (RequireLogin) in their own chunks.
const AccountPage = lazy(() => import('../pages/Account/AccountPage'));
const MyRemediesRoute = lazy(() => import('./guarded/MyRemediesRoute'));
const MyAppointmentRoute = lazy(() => import('./guarded/MyAppointmentRoute'));
// The staff console, with its guard: a chunk patients never load.
const StaffRoute = lazy(() => import('./guarded/StaffRoute'));
// The waiting room's display: a page of its own for a TV (no site header or footer), its own chunk.
const DisplayPage = lazy(() => import('../display/DisplayPage'));
const ForgotPasswordPage = lazy(() => import('../pages/ForgotPassword/ForgotPasswordPage'));
// With the Login popup: the two views of the login machine are one chunk (see loginViews.ts).
const GoogleReturnPage = lazy(() =>
  import('../components/Auth/loginViews').then((views) => ({ default: views.GoogleReturnPage })),
);

export interface AppProps {
  /** The site-options machine with its loader: the live one in main.tsx, a fake in tests. */
  readonly siteOptionsLogic: SiteOptionsLogic;
  /** The language the site starts in (src/i18n/languageChoice.ts startLanguage): the site options load in it first. English by default. */
  readonly language?: Language;
  /** The account calls and token storage: the live ones by default, fakes in tests. */
  readonly accountServices?: AccountServices;
  /** The booking calls and the checkout redirect: fakes in tests; by default the live ones, loaded with the booking views. */
  readonly bookingServices?: BookingServices | null;
  /** The family-member and profile calls: fakes in tests; by default the live ones, loaded with their views. */
  readonly peopleServices?: PeopleServices | null;
  /** /account's notifications on this phone: fakes in tests; by default the live ones, loaded with the account page. */
  readonly pushServices?: PushServices | null;
}

/** Everything but the router, so tests can render it inside a MemoryRouter. */
export function AppShell({
  siteOptionsLogic,
  language = 'en',
  accountServices = liveAccountServices,
  bookingServices = null,
  peopleServices = null,
  pushServices = null,
}: AppProps) {
  return (
    <SiteOptionsContext.Provider logic={siteOptionsLogic} options={{ inspect, input: { language } }}>
      <SiteOptionsLanguage />
      <AccountProvider services={accountServices}>
        <BookingServicesProvider services={bookingServices}>
          <PeopleServicesProvider services={peopleServices}>
            <PushServicesProvider services={pushServices}>
              <SessionEvents />
              <SelectedLocationProvider>
                <PopupProvider>
                  <AppRoutes />
                </PopupProvider>
              </SelectedLocationProvider>
            </PushServicesProvider>
          </PeopleServicesProvider>
        </BookingServicesProvider>
      </AccountProvider>
    </SiteOptionsContext.Provider>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="display/:key"
        element={
          <Suspense fallback={null}>
            <DisplayPage />
          </Suspense>
        }
      />
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="ourtreatment" element={<TreatmentsPage />} />
        <Route path="gallery" element={<GalleryPage />} />
        <Route path="aboutus" element={<AboutPage />} />
        <Route path="teams" element={<TeamsPage />} />
        <Route path="contactus" element={<ContactPage />} />
        <Route path="termandcondition" element={<TermsPage />} />
        <Route path="privacypolicy" element={<PrivacyPage />} />
        <Route path="myremedies" element={<MyRemediesRoute />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="forgotpassword" element={<ForgotPasswordPage />} />
        <Route path="auth/google" element={<GoogleReturnPage />} />
        {/* A later issue brings this one; until then it says so plainly. */}
        <Route path="myappointment" element={<MyAppointmentRoute />} />
        <Route path="paymentsuccess" element={<PaymentResultPage key="success" outcome="success" />} />
        <Route path="paymentfail" element={<PaymentResultPage key="fail" outcome="fail" />} />
        <Route path="payment" element={<PaymentPage />} />
        <Route path="verify/:code" element={<VerifyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      {/* The staff console draws its own full-width frame: no public header, menu, Book button or footer. */}
      <Route element={<BareLayout />}>
        <Route path="staff/*" element={<StaffRoute />} />
      </Route>
    </Routes>
  );
}

export function App({ siteOptionsLogic, language, accountServices, bookingServices }: AppProps) {
  return (
    <HashRouter>
      <AppShell siteOptionsLogic={siteOptionsLogic} language={language} accountServices={accountServices} bookingServices={bookingServices} />
    </HashRouter>
  );
}
