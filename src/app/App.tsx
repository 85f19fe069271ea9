/**
 * The app root: the router (hash routes, spec §2), the site-options actor (created here once,
 * when the Provider mounts), the selected location and the popups. Every route but home is
 * loaded lazily, in its own chunk.
 */
import { lazy } from 'react';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { PopupProvider } from '../components/Popup/popups';
import { HomePage } from '../pages/Home/HomePage';
import { Layout } from './Layout';
import { SelectedLocationProvider } from './location';
import { SiteOptionsContext, type SiteOptionsLogic } from './siteOptions';

const TreatmentsPage = lazy(() => import('../pages/Treatments/TreatmentsPage'));
const GalleryPage = lazy(() => import('../pages/Gallery/GalleryPage'));
const AboutPage = lazy(() => import('../pages/About/AboutPage'));
const TeamsPage = lazy(() => import('../pages/Teams/TeamsPage'));
const ContactPage = lazy(() => import('../pages/Contact/ContactPage'));
const TermsPage = lazy(() => import('../pages/Legal/TermsPage'));
const PrivacyPage = lazy(() => import('../pages/Legal/PrivacyPage'));
const MyRemediesPage = lazy(() => import('../pages/MyRemedies/MyRemediesPage'));
const ComingSoonPage = lazy(() => import('../pages/ComingSoon/ComingSoonPage'));
const NotFoundPage = lazy(() => import('../pages/NotFound/NotFoundPage'));

export interface AppProps {
  /** The site-options machine with its loader: the live one in main.tsx, a fake in tests. */
  readonly siteOptionsLogic: SiteOptionsLogic;
}

/** Everything but the router, so tests can render it inside a MemoryRouter. */
export function AppShell({ siteOptionsLogic }: AppProps) {
  return (
    <SiteOptionsContext.Provider logic={siteOptionsLogic}>
      <SelectedLocationProvider>
        <PopupProvider>
          <AppRoutes />
        </PopupProvider>
      </SelectedLocationProvider>
    </SiteOptionsContext.Provider>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="ourtreatment" element={<TreatmentsPage />} />
        <Route path="gallery" element={<GalleryPage />} />
        <Route path="aboutus" element={<AboutPage />} />
        <Route path="teams" element={<TeamsPage />} />
        <Route path="contactus" element={<ContactPage />} />
        <Route path="termandcondition" element={<TermsPage />} />
        <Route path="privacypolicy" element={<PrivacyPage />} />
        <Route path="myremedies" element={<MyRemediesPage />} />
        {/* Later issues bring these; until then they say so plainly. */}
        <Route path="account" element={<ComingSoonPage part="account" />} />
        <Route path="forgotpassword" element={<ComingSoonPage part="forgotpassword" />} />
        <Route path="myappointment" element={<ComingSoonPage part="myappointment" />} />
        <Route path="paymentsuccess" element={<ComingSoonPage part="paymentsuccess" />} />
        <Route path="paymentfail" element={<ComingSoonPage part="paymentfail" />} />
        <Route path="payment" element={<ComingSoonPage part="payment" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function App({ siteOptionsLogic }: AppProps) {
  return (
    <HashRouter>
      <AppShell siteOptionsLogic={siteOptionsLogic} />
    </HashRouter>
  );
}
