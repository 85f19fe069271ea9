/**
 * The notice a parent gives once the mobile sign-in is done: the spec's 'Welcome {first name}!'
 * for an account that has a name; an account made just now by its number has none yet, so
 * `mobileSignedIn` (no spec text: 'You are signed in.').
 */
import type { LoginAnswer } from '../../contract/auth.js';
import { isBlank, type NoticeEvent } from '../shared/notices.js';

export type MobileWelcomeNotice = { kind: 'welcome'; firstName: string } | { kind: 'mobileSignedIn' };

export function mobileWelcome(answer: LoginAnswer): NoticeEvent<MobileWelcomeNotice> {
  const name = answer.user.firstName;
  return { type: 'notice', tone: 'success', notice: isBlank(name) ? { kind: 'mobileSignedIn' } : { kind: 'welcome', firstName: name.trim() } };
}
