/**
 * Settings of the consultation itself, read by server/config.ts:
 *
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
 * The secret is never logged or echoed in a problem.
 */
export interface ConsultationConfig {
  /** Without a trailing slash. */
  jitsiUrl: string;
  /** null: the server admits anyone with the room's name (meet.jit.si); the name is the secret. */
  jitsiJwt: { appId: string; appSecret: string } | null;
  joinOpensMinutesBefore: number;
  joinClosesMinutesAfter: number;
  chatFollowUpHours: number;
  chatMessagesPerMinute: number;
  chatStreamsPerConversation: number;
  chatStreamsPerClient: number;
  chatStreamsTotal: number;
  chatPhotosPerConversation: number;
  chatPhotosPerDay: number;
}

export const defaultConsultationConfig: ConsultationConfig = {
  jitsiUrl: 'https://meet.jit.si',
  jitsiJwt: null,
  joinOpensMinutesBefore: 10,
  joinClosesMinutesAfter: 30,
  chatFollowUpHours: 72,
  chatMessagesPerMinute: 30,
  chatStreamsPerConversation: 5,
  chatStreamsPerClient: 50,
  chatStreamsTotal: 1000,
  chatPhotosPerConversation: 20,
  chatPhotosPerDay: 40,
};

type Env = Readonly<Record<string, string | undefined>>;

const raw = (env: Env, name: string): string | undefined => {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
};

function minutes(env: Env, name: string, max: number, fallback: number, problems: string[], unit = 'minutes', min = 0): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (/^\d+$/.test(value) && Number(value) <= max && Number(value) >= min) return Number(value);
  problems.push(`${name} must be a whole number of ${unit} from ${min} to ${max} (got "${value}")`);
  return fallback;
}

export function readConsultationConfig(env: Env): { value: ConsultationConfig; problems: string[] } {
  const problems: string[] = [];
  let jitsiUrl = defaultConsultationConfig.jitsiUrl;
  const url = raw(env, 'JITSI_URL');
  if (url !== undefined) {
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
      problems.push(`JITSI_URL must be the address of a Jitsi Meet server, like https://meet.jit.si (got "${url}")`);
    } else {
      jitsiUrl = parsed.href.replace(/\/+$/, '');
    }
  }
  const appId = raw(env, 'JITSI_APP_ID');
  const appSecret = raw(env, 'JITSI_APP_SECRET');
  let jitsiJwt: ConsultationConfig['jitsiJwt'] = null;
  if ((appId === undefined) !== (appSecret === undefined)) {
    problems.push('JITSI_APP_ID and JITSI_APP_SECRET go together: set both (a Jitsi server with token authentication) or neither');
  } else if (appId !== undefined && appSecret !== undefined) {
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(appId)) problems.push(`JITSI_APP_ID must be letters, digits, dots, dashes or underscores (got "${appId}")`);
    else if (appSecret.length < 16) problems.push('JITSI_APP_SECRET must be at least 16 characters long (e.g. the output of: openssl rand -base64 32)');
    else jitsiJwt = { appId, appSecret };
  }
  return {
    value: {
      jitsiUrl,
      jitsiJwt,
      joinOpensMinutesBefore: minutes(env, 'JOIN_OPENS_MINUTES_BEFORE', 120, defaultConsultationConfig.joinOpensMinutesBefore, problems),
      joinClosesMinutesAfter: minutes(env, 'JOIN_CLOSES_MINUTES_AFTER', 240, defaultConsultationConfig.joinClosesMinutesAfter, problems),
      chatFollowUpHours: minutes(env, 'CHAT_FOLLOWUP_HOURS', 720, defaultConsultationConfig.chatFollowUpHours, problems, 'hours'),
      chatMessagesPerMinute: minutes(env, 'CHAT_MESSAGES_PER_MINUTE', 600, defaultConsultationConfig.chatMessagesPerMinute, problems, 'messages', 1),
      chatStreamsPerConversation: minutes(env, 'CHAT_STREAMS_PER_CONVERSATION', 100, defaultConsultationConfig.chatStreamsPerConversation, problems, 'streams', 1),
      chatStreamsPerClient: minutes(env, 'CHAT_STREAMS_PER_CLIENT', 100_000, defaultConsultationConfig.chatStreamsPerClient, problems, 'streams', 1),
      chatStreamsTotal: minutes(env, 'CHAT_STREAMS_TOTAL', 1_000_000, defaultConsultationConfig.chatStreamsTotal, problems, 'streams', 1),
      chatPhotosPerConversation: minutes(env, 'CHAT_PHOTOS_PER_CONVERSATION', 1000, defaultConsultationConfig.chatPhotosPerConversation, problems, 'photos'),
      chatPhotosPerDay: minutes(env, 'CHAT_PHOTOS_PER_DAY', 10_000, defaultConsultationConfig.chatPhotosPerDay, problems, 'photos'),
    },
    problems,
  };
}
