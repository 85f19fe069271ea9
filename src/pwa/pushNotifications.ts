/**
 * The service worker's Web Push handling (docs/app.md "Web Push"), apart from the worker so it
 * is tested alone: a push's JSON payload (server/push/send.ts PushPayload) as a notification, and
 * the page a tap opens (only this site's My Appointment; anything else in a payload is ignored).
 */
export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

const fallbackPath = '/#/myappointment';

/** The page a tap opens: the payload's url when it is on this site, else My Appointment. */
export function notificationUrl(url: unknown, origin: string): string {
  if (typeof url === 'string') {
    try {
      const parsed = new URL(url, origin);
      if (parsed.origin === origin) return parsed.href;
    } catch {
      // not a URL: My Appointment
    }
  }
  return new URL(fallbackPath, origin).href;
}

/** The notification a push's data shows; null when the data is not a payload of ours. */
export function notificationOf(text: string | null, origin: string, icon: string): ShownNotification | null {
  if (text === null) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return null;
  }
  if (payload === null || typeof payload !== 'object') return null;
  const { title, body, url, tag } = payload as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  return {
    title,
    options: { body, icon, badge: icon, ...(typeof tag === 'string' ? { tag } : {}), data: { url: notificationUrl(url, origin) } },
  };
}
