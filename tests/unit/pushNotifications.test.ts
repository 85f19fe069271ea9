/** The service worker's Web Push handling (src/pwa/pushNotifications.ts): a payload as a notification, and where a tap goes. */
import { describe, expect, it } from 'vitest';
import { notificationOf, notificationUrl } from '../../src/pwa/pushNotifications';

const origin = 'https://clinic.example';
const icon = '/icons/icon-192.png';

describe('Web Push notifications', () => {
  it('shows the payload\'s title and body, with its tag and page', () => {
    const payload = { title: 'Appointment reminder', body: 'Reminder: your appointment on Wednesday at 17:00', url: `${origin}/#/myappointment`, tag: 'reminder-1' };
    expect(notificationOf(JSON.stringify(payload), origin, icon)).toEqual({
      title: 'Appointment reminder',
      options: { body: payload.body, icon, badge: icon, tag: 'reminder-1', data: { url: `${origin}/#/myappointment` } },
    });
  });

  it('shows nothing for data that is not a payload of ours', () => {
    for (const text of [null, '', 'not json', '42', 'null', JSON.stringify({ title: 'x' }), JSON.stringify({ title: 1, body: 'b' })]) {
      expect(notificationOf(text, origin, icon)).toBeNull();
    }
  });

  it('opens only this site: another site or a bad url opens My Appointment', () => {
    expect(notificationUrl(`${origin}/#/account`, origin)).toBe(`${origin}/#/account`);
    expect(notificationUrl('https://evil.example/#/myappointment', origin)).toBe(`${origin}/#/myappointment`);
    expect(notificationUrl('javascript:alert(1)', origin)).toBe(`${origin}/#/myappointment`);
    expect(notificationUrl(undefined, origin)).toBe(`${origin}/#/myappointment`);
  });
});
