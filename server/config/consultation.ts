/**
 * The consultation's settings, decoded from the environment (their type and defaults: server/consultation/config.ts):
 *
 *   VIDEO_PROVIDER              portal (the default): a Video consultation runs in the portal's
 *                               page, browser to browser (server/services/video.ts); jitsi: a
 *                               Jitsi Meet room (JITSI_*)
 *   TURN_URLS, TURN_SECRET      both or neither: the clinic's TURN server (coturn, use-auth-secret),
 *                               its addresses (comma-separated turn:, turns: or stun: URIs) and its
 *                               static-auth-secret; each join gets credentials of the TURN REST
 *                               scheme (server/video/turn.ts). On a public site (PUBLIC_URL not
 *                               this machine) the portal's video needs them, or TURN_URLS=none
 *                               to knowingly run without a relay: without TURN, two browsers
 *                               behind strict NATs never connect
 *   TURN_TTL                    seconds a TURN credential lives from the join (3600; 60 to 86400)
 *   VIDEO_ICE_POLICY            all (the default): the browsers connect directly when they can,
 *                               else through the TURN server; relay: always through the TURN
 *                               server (needs TURN_URLS), so neither side learns the other's
 *                               network address (the patient's home address stays hidden from
 *                               the clinic and the other way round), at the TURN server's bandwidth
 *   JITSI_URL                   the Jitsi Meet server video rooms live on (https://meet.jit.si)
 *   JITSI_APP_ID, JITSI_APP_SECRET
 *                               both or neither: a server with token authentication (prosody's
 *                               token auth, "shared secret"); each join link then carries a JWT
 *                               (HS256) naming the room, the person, and whether they moderate
 *   JOIN_OPENS_MINUTES_BEFORE   the join link (and the call's tel: link) from this many minutes
 *                               before the start (10)
 *   JOIN_CLOSES_MINUTES_AFTER   until this many minutes after the slot ends (30)
 *   CHAT_FOLLOWUP_HOURS         a Chat stays open for follow-up questions this many hours after
 *                               the doctor completes it (72), then read-only
 *   CHAT_MESSAGES_PER_MINUTE    messages (text or photo) one person may post per minute, all
 *                               conversations together (30); counted in the database
 *   CHAT_STREAMS_PER_CONVERSATION  live streams (tabs, windows) one account may hold open on one
 *                               conversation (5), counted on each instance
 *   CHAT_STREAMS_PER_CLIENT     live streams from one client address, every account together (50),
 *                               counted on each instance
 *   CHAT_STREAMS_TOTAL          live streams an instance holds in all (1000); never more than half
 *                               the process's open-file limit, whatever is set (server/chat/hub.ts)
 *   CHAT_PHOTOS_PER_CONVERSATION  photos one person may send in one conversation (20); 0: none
 *   CHAT_PHOTOS_PER_DAY         photos one account may send in 24 hours, all conversations
 *                               together (40); 0: none. With a stored photo at most 1 MB, an
 *                               account adds at most this many MB a day.
 *
 * The secrets are never logged or echoed in a problem.
 */
import { type ConsultationConfig, defaultConsultationConfig as defaults } from '../consultation/config.js';
import { type Env, problem, raw, type Reader, settings, variable } from './env.js';
import { oneOf } from './variables.js';
import { isLoopbackUrl } from '../identity/config.js';

/** A whole number of `unit` from `min` to `max`. */
const count = (name: string, max: number, fallback: number, unit = 'minutes', min = 0) =>
  variable(name, (value) => {
    if (value === undefined) return fallback;
    if (/^\d+$/.test(value) && Number(value) <= max && Number(value) >= min) return Number(value);
    return problem(`${name} must be a whole number of ${unit} from ${min} to ${max} (got "${value}")`);
  });

const jitsiUrl = variable('JITSI_URL', (url) => {
  if (url === undefined) return defaults.jitsiUrl;
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (
    parsed === null ||
    (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') ||
    parsed.search !== '' ||
    parsed.hash !== '' ||
    parsed.username !== '' ||
    parsed.password !== ''
  ) {
    return problem(`JITSI_URL must be the address of a Jitsi Meet server, like https://meet.jit.si (got "${url}")`);
  }
  return parsed.href.replace(/\/+$/, '');
});

/** JITSI_APP_ID and JITSI_APP_SECRET: both or neither. */
function jitsiJwt(env: Env, { fail }: Reader): ConsultationConfig['jitsiJwt'] {
  const appId = raw(env, 'JITSI_APP_ID');
  const appSecret = raw(env, 'JITSI_APP_SECRET');
  if ((appId === undefined) !== (appSecret === undefined)) {
    fail('JITSI_APP_ID and JITSI_APP_SECRET go together: set both (a Jitsi server with token authentication) or neither');
  } else if (appId !== undefined && appSecret !== undefined) {
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(appId)) fail(`JITSI_APP_ID must be letters, digits, dots, dashes or underscores (got "${appId}")`);
    else if (appSecret.length < 16) fail('JITSI_APP_SECRET must be at least 16 characters long (e.g. the output of: openssl rand -base64 32)');
    else return { appId, appSecret };
  }
  return null;
}

const turnUrl = /^(turns?|stuns?):[^\s,]+$/;

/** TURN_URLS and TURN_SECRET: both or neither; on a public site with the portal's video, both. */
function turn(env: Env, reader: Reader, provider: ConsultationConfig['videoProvider'], publicUrl: string): ConsultationConfig['turn'] {
  const { take, fail } = reader;
  const urls = raw(env, 'TURN_URLS');
  const secret = raw(env, 'TURN_SECRET');
  const ttlSeconds = take(count('TURN_TTL', 86_400, 3600, 'seconds', 60), 3600);
  // TURN_URLS=none: knowingly without a relay (a staging site): browsers connect directly or not at all.
  if (urls === 'none' && secret === undefined) return null;
  if ((urls === undefined) !== (secret === undefined)) {
    fail('TURN_URLS and TURN_SECRET go together: set both (the TURN server and its static-auth-secret) or neither');
    return null;
  }
  if (urls === undefined || secret === undefined) {
    if (provider === 'portal' && publicUrl !== '' && !isLoopbackUrl(publicUrl)) {
      fail(
        `TURN_URLS and TURN_SECRET are required when PUBLIC_URL (${publicUrl}) is not this machine and VIDEO_PROVIDER is portal: ` +
          'set them to the clinic\'s coturn (docs/operations.md, "Video"), or VIDEO_PROVIDER=jitsi, or TURN_URLS=none to knowingly run ' +
          'without a relay (browsers behind strict NATs then never connect)',
      );
    }
    return null;
  }
  const list = urls.split(',').map((u) => u.trim()).filter((u) => u !== '');
  const bad = list.find((u) => !turnUrl.test(u));
  if (list.length === 0 || bad !== undefined) {
    fail(`TURN_URLS must be comma-separated turn:, turns: or stun: addresses, like turn:turn.example.com:3478 (got "${bad ?? urls}")`);
    return null;
  }
  if (secret.length < 16) {
    fail('TURN_SECRET must be at least 16 characters long (e.g. the output of: openssl rand -base64 32)');
    return null;
  }
  return { urls: list, secret, ttlSeconds };
}

/** VIDEO_ICE_POLICY: all or relay; relay only with a TURN server (without one, no call could connect). */
function iceTransportPolicy({ take, fail }: Reader, turnServer: ConsultationConfig['turn']): ConsultationConfig['iceTransportPolicy'] {
  const policy = take(oneOf<ConsultationConfig['iceTransportPolicy']>('VIDEO_ICE_POLICY', ['all', 'relay'], 'all'), 'all');
  if (policy === 'relay' && turnServer === null) {
    fail('VIDEO_ICE_POLICY=relay needs a TURN server: set TURN_URLS and TURN_SECRET (docs/operations.md, "Video"), or VIDEO_ICE_POLICY=all');
    return 'all';
  }
  return policy;
}

/** `publicUrl`: the already-read PUBLIC_URL ('' when unknown: tests, or itself invalid). */
export const consultationSettings = (publicUrl = '') => settings('consultation', (env, reader): ConsultationConfig => {
  const { take } = reader;
  const videoProvider = take(oneOf<ConsultationConfig['videoProvider']>('VIDEO_PROVIDER', ['portal', 'jitsi'], 'portal'), 'portal');
  const turnServer = turn(env, reader, videoProvider, publicUrl);
  return {
    videoProvider,
    turn: turnServer,
    iceTransportPolicy: iceTransportPolicy(reader, turnServer),
    jitsiUrl: take(jitsiUrl, defaults.jitsiUrl),
    jitsiJwt: jitsiJwt(env, reader),
    joinOpensMinutesBefore: take(count('JOIN_OPENS_MINUTES_BEFORE', 120, defaults.joinOpensMinutesBefore), defaults.joinOpensMinutesBefore),
    joinClosesMinutesAfter: take(count('JOIN_CLOSES_MINUTES_AFTER', 240, defaults.joinClosesMinutesAfter), defaults.joinClosesMinutesAfter),
    chatFollowUpHours: take(count('CHAT_FOLLOWUP_HOURS', 720, defaults.chatFollowUpHours, 'hours'), defaults.chatFollowUpHours),
    chatMessagesPerMinute: take(count('CHAT_MESSAGES_PER_MINUTE', 600, defaults.chatMessagesPerMinute, 'messages', 1), defaults.chatMessagesPerMinute),
    chatStreamsPerConversation: take(
      count('CHAT_STREAMS_PER_CONVERSATION', 100, defaults.chatStreamsPerConversation, 'streams', 1),
      defaults.chatStreamsPerConversation,
    ),
    chatStreamsPerClient: take(count('CHAT_STREAMS_PER_CLIENT', 100_000, defaults.chatStreamsPerClient, 'streams', 1), defaults.chatStreamsPerClient),
    chatStreamsTotal: take(count('CHAT_STREAMS_TOTAL', 1_000_000, defaults.chatStreamsTotal, 'streams', 1), defaults.chatStreamsTotal),
    chatPhotosPerConversation: take(
      count('CHAT_PHOTOS_PER_CONVERSATION', 1000, defaults.chatPhotosPerConversation, 'photos'),
      defaults.chatPhotosPerConversation,
    ),
    chatPhotosPerDay: take(count('CHAT_PHOTOS_PER_DAY', 10_000, defaults.chatPhotosPerDay, 'photos'), defaults.chatPhotosPerDay),
  };
});

/** The consultation's settings with their problems (tests; loadConfig reads them as part of the whole). */
export const readConsultationConfig = (env: Env, publicUrl = '') => consultationSettings(publicUrl).read(env);
