/** Helpers for the component tests: a fake site-options loader and the app in a MemoryRouter. */
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { SiteOptions } from '../../contract/site';
import { siteOptionsMachine } from '../../machines/siteOptions/siteOptionsMachine';
import { AppShell } from '../../src/app/App';

export const demoOptions: SiteOptions = {
  locations: ['Kothrud', 'Aundh', 'Viman Nagar', 'Hadapsar'],
  events: [
    {
      _id: 'e1',
      caption: 'Free skin-care camp, Kothrud, January 2024',
      image: '/media/events/free-skin-camp-kothrud.svg',
      video: '/media/events/free-skin-camp-kothrud.webm',
    },
    {
      _id: 'e2',
      caption: "Women's health talk, Aundh, March 2024",
      image: '/media/events/womens-health-talk-aundh.svg',
      video: '/media/events/womens-health-talk-aundh.webm',
    },
  ],
  teams: [
    {
      _id: 't1',
      name: 'Dr. Meera Kulkarni',
      role: 'Founder and chief homeopath',
      image: '/media/team/meera-kulkarni.svg',
      description: 'Twenty years of classical homeopathy practice in Pune.',
    },
  ],
  testimonials: [
    {
      _id: 's1',
      name: 'Priya S.',
      subject: 'Eczema on both hands',
      image: '/media/testimonials/priya-s.svg',
      description: 'After six months the itching stopped.',
    },
    {
      _id: 's2',
      name: 'Rahul M.',
      subject: 'Seasonal allergies',
      image: '/media/testimonials/rahul-m.svg',
      description: 'This year I barely noticed the monsoon.',
    },
  ],
};

export const emptyOptions: SiteOptions = { locations: [], events: [], teams: [], testimonials: [] };

/** The site-options machine with a fake loader, provided the same way main.tsx provides the real one. */
export function fakeSiteOptionsLogic(load: () => Promise<SiteOptions>) {
  return siteOptionsMachine.provide({
    actors: { loadSiteOptions: fromPromise<SiteOptions>(() => load()) },
  });
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function renderApp({
  route = '/',
  load = () => Promise.resolve(demoOptions),
}: { route?: string; load?: () => Promise<SiteOptions> } = {}) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <AppShell siteOptionsLogic={fakeSiteOptionsLogic(load)} />
    </MemoryRouter>,
  );
}
