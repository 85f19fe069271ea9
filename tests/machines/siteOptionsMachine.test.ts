import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { SiteLanguage, SiteOptions } from '../../contract/site.js';
import {
  selectIsLoading,
  selectLoadError,
  selectSiteLanguage,
  selectSiteOptions,
  siteOptionsMachine,
} from '../../machines/siteOptions/siteOptionsMachine.js';

const options: SiteOptions = {
  locations: ['Andheri West', 'Bandra'],
  events: [{ _id: 'e1', image: '/media/events/camp.webp', video: '', caption: 'Free skin camp' }],
  teams: [{ _id: 't1', image: '/media/team/anita.webp', name: 'Dr Anita Rao', role: 'Homeopath', description: 'Skin and hair.' }],
  testimonials: [],
};

/** The machine with a fake loader, provided exactly the way the app provides the real one. */
function start(load: (signal: AbortSignal, language: SiteLanguage) => Promise<SiteOptions>, language?: SiteLanguage) {
  const machine = siteOptionsMachine.provide({
    actors: { loadSiteOptions: fromPromise<SiteOptions, { language: SiteLanguage }>(({ input, signal }) => load(signal, input.language)) },
  });
  return createActor(machine, { input: language ? { language } : undefined }).start();
}

describe('siteOptionsMachine', () => {
  it('loads when it starts, then holds the options', async () => {
    const load = vi.fn(async () => options);
    const actor = start(load);
    expect(actor.getSnapshot().value).toBe('Loading');
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectSiteOptions(actor.getSnapshot())).toBeNull();

    const ready = await waitFor(actor, (s) => s.matches('Ready'));
    expect(selectIsLoading(ready)).toBe(false);
    expect(selectSiteOptions(ready)).toEqual(options);
    expect(selectLoadError(ready)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps the ApiFailure's message when loading fails", async () => {
    const actor = start(() => Promise.reject({ _tag: 'HttpFailure', status: 503, message: 'Database unavailable' }));
    const failed = await waitFor(actor, (s) => s.matches('Failed'));
    expect(selectIsLoading(failed)).toBe(false);
    expect(selectLoadError(failed)).toBe('Database unavailable');
    expect(selectSiteOptions(failed)).toBeNull();
  });

  it('describes an error without a message in plain words', async () => {
    const actor = start(() => Promise.reject('boom'));
    const failed = await waitFor(actor, (s) => s.matches('Failed'));
    expect(selectLoadError(failed)).toBe('The site options could not be loaded.');
  });

  it('tries again on siteOptions.retry, and only after a failure', async () => {
    const load = vi
      .fn<(signal: AbortSignal) => Promise<SiteOptions>>()
      .mockRejectedValueOnce({ _tag: 'NetworkFailure', message: 'Failed to fetch' })
      .mockResolvedValueOnce(options);
    const actor = start(load);
    expect(actor.getSnapshot().can({ type: 'siteOptions.retry' })).toBe(false);

    await waitFor(actor, (s) => s.matches('Failed'));
    expect(actor.getSnapshot().can({ type: 'siteOptions.retry' })).toBe(true);
    actor.send({ type: 'siteOptions.retry' });
    expect(actor.getSnapshot().value).toBe('Loading');
    expect(selectLoadError(actor.getSnapshot())).toBeNull(); // a new attempt shows no stale error

    const ready = await waitFor(actor, (s) => s.matches('Ready'));
    expect(selectSiteOptions(ready)).toEqual(options);
    expect(ready.can({ type: 'siteOptions.retry' })).toBe(false);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('aborts the load when the actor stops', () => {
    let signal: AbortSignal | undefined;
    const actor = start((s) => {
      signal = s;
      return new Promise(() => {});
    });
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });

  it('loads in the start language, and again (keeping the options shown) when another language is in use', async () => {
    const inHindi: SiteOptions = { ...options, teams: [{ ...options.teams[0]!, role: 'होम्योपैथ' }] };
    const inMarathi: SiteOptions = { ...options, teams: [{ ...options.teams[0]!, role: 'होमिओपॅथ' }] };
    const answers: Record<SiteLanguage, SiteOptions> = { en: options, hi: inHindi, mr: inMarathi };
    const load = vi.fn(async (_signal: AbortSignal, language: SiteLanguage) => answers[language]);
    const actor = start(load, 'hi');
    expect(selectSiteLanguage(actor.getSnapshot())).toBe('hi');
    expect(selectSiteOptions(await waitFor(actor, (s) => s.matches('Ready')))).toEqual(inHindi);
    expect(load.mock.calls.map((c) => c[1])).toEqual(['hi']);

    actor.send({ type: 'siteOptions.language', language: 'hi' }); // the same language: nothing to do
    expect(actor.getSnapshot().value).toBe('Ready');
    actor.send({ type: 'siteOptions.language', language: 'mr' });
    expect(actor.getSnapshot().value).toBe('Loading');
    expect(selectSiteOptions(actor.getSnapshot())).toEqual(inHindi); // still shown while Marathi loads
    expect(selectSiteOptions(await waitFor(actor, (s) => s.matches('Ready')))).toEqual(inMarathi);
    expect(load.mock.calls.map((c) => c[1])).toEqual(['hi', 'mr']);
  });

  it('drops a load under way when the language changes again, and answers the last one', async () => {
    const signals: Partial<Record<SiteLanguage, AbortSignal>> = {};
    const actor = start((signal, language) => {
      signals[language] = signal;
      return language === 'en' ? new Promise(() => {}) : Promise.resolve({ ...options, locations: [language] });
    });
    actor.send({ type: 'siteOptions.language', language: 'mr' });
    expect(signals.en?.aborted).toBe(true);
    expect(selectSiteOptions(await waitFor(actor, (s) => s.matches('Ready')))?.locations).toEqual(['mr']);
  });

  it('fails plainly when the app forgot to provide the loader', async () => {
    const actor = createActor(siteOptionsMachine, { input: undefined }).start();
    const failed = await waitFor(actor, (s) => s.matches('Failed'));
    expect(selectLoadError(failed)).toBe('not provided');
  });
});
