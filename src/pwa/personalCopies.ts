/**
 * The one Cache Storage cache that holds a signed-in patient's copies for offline use (their
 * user, My Appointment, My Remedies, the prescription PDFs they opened: ./offlineCopy.ts). Its name
 * is `clinic-personal-` and a random id made at the first copy, kept in localStorage beside the
 * token: nothing personal in the name. `clearPersonalCopies` removes it (and any other of the
 * prefix) with the id; the token store calls it whenever the token is forgotten or replaced by
 * another (logout, an expired or refused login, the account closed), and with it the chat's texts
 * waiting to be sent (./chatOutbox.ts). docs/app.md.
 *
 * Small on purpose: it ships with the home page, since the token store does.
 */
export const personalCachePrefix = 'clinic-personal-';
/** localStorage: the id in the name of the cache of the patient signed in on this device. */
export const personalCacheKey = 'personalCache';
/** localStorage: the chat's texts waiting to be sent (./chatOutbox.ts), removed with the copies. */
export const chatOutboxKey = 'chatOutbox';

/** Removes every personal copy on this device (the caches deleted in the background). */
export function clearPersonalCopies(): Promise<void> {
  try {
    localStorage.removeItem(personalCacheKey);
    localStorage.removeItem(chatOutboxKey);
  } catch {
    // No storage, no id.
  }
  if (typeof caches === 'undefined') return Promise.resolve();
  return caches
    .keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith(personalCachePrefix)).map((name) => caches.delete(name))))
    .then(
      () => undefined,
      () => undefined,
    );
}
