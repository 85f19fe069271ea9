/**
 * Settings of the consultation itself: their type and defaults. VIDEO_PROVIDER, TURN_*, JITSI_*, JOIN_* and CHAT_* are
 * read, and listed, in server/config/consultation.ts.
 */
/** The clinic's TURN server (coturn with use-auth-secret): where, its shared secret, how long a credential lives. */
export interface TurnConfig {
  urls: string[];
  secret: string;
  ttlSeconds: number;
}

export interface ConsultationConfig {
  /** portal: the call runs in the portal's page (server/services/video.ts); jitsi: a Jitsi Meet room. */
  videoProvider: 'portal' | 'jitsi';
  /** null: no TURN server; two browsers that cannot reach each other directly cannot connect. */
  turn: TurnConfig | null;
  /** The browsers' ICE transport policy: all (directly when they can), or relay (always through the TURN server: neither learns the other's address). */
  iceTransportPolicy: 'all' | 'relay';
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
  videoProvider: 'portal',
  turn: null,
  iceTransportPolicy: 'all',
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
