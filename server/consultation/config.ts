/**
 * Settings of the consultation itself: their type and defaults. JITSI_*, JOIN_* and CHAT_* are
 * read, and listed, in server/config/consultation.ts.
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
