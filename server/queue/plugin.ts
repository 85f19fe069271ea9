/**
 * The queue's live side as one plugin (`app.queue`): the hub that LISTENs on `queue_changed` from
 * the start, the display links, the displays' and patients' streams, and the "next but one"
 * texts' job queues, defined on the app's job engine before anything starts it. Its streams end
 * with a `reconnect` event as soon as a graceful shutdown starts, and its LISTEN when the app closes.
 */
import fp from 'fastify-plugin';
import { noTexts } from '../messaging/config.js';
import type { AppParts } from '../plugins/options.js';
import { defaultQueueConfig, type QueueConfig } from './config.js';
import { createDisplayLinks, type DisplayLinks } from './displays.js';
import { createQueueHub, type QueueHub } from './hub.js';
import { createNextInLine, type NextInLine } from './nextInLine.js';
import { createPushQueue } from '../push/eventJobs.js';
import { createQueueService, type QueueService } from './service.js';
import { createQueueTextSenders } from './texts.js';

export interface QueueLive {
  hub: QueueHub;
  service: QueueService;
  displays: DisplayLinks;
  nextInLine: NextInLine;
  config: QueueConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The queue's displays, patients' live places and "next but one" texts (server/queue). */
    queue: QueueLive;
  }
}

export const queuePlugin = fp<AppParts>(
  async function queue(app, { options, config, now }) {
    const { db, jobEngine } = app;
    const queueConfig = config.queue ?? defaultQueueConfig;
    const onError = (error: unknown, task: string) => app.log.warn({ err: error }, `${task} failed`);
    const senders = createQueueTextSenders(config.jobs?.texts ?? noTexts, queueConfig.templates);
    const push = createPushQueue(jobEngine, config.push?.vapid);
    const nextInLine = createNextInLine({ db, now, engine: () => jobEngine, senders, publicUrl: config.http.publicUrl, push });
    jobEngine.define(nextInLine.queues);
    // Without a channel with a queue template or Web Push there is nothing to send, and nothing is marked.
    const texting = Object.keys(senders).length > 0 || Boolean(config.push?.vapid);
    const hub = createQueueHub({
      db,
      now,
      onError,
      ...(texting ? { onQueueChange: (doctorId: string) => void nextInLine.mark(doctorId).catch((error: unknown) => onError(error, 'next in line')) } : {}),
    });
    const service = createQueueService({ db, now, hub, config: queueConfig });
    const displays = createDisplayLinks({ db, now, publicUrl: config.http.publicUrl });
    app.decorate('queue', { hub, service, displays, nextInLine, config: queueConfig });
    await hub.start();
    app.addHook('preClose', async () => hub.endAll());
    app.addHook('onClose', () => hub.close());
    const unregisterDrain = options.drain?.register(() => hub.endAll());
    if (unregisterDrain) app.addHook('onClose', async () => void unregisterDrain());
  },
  { name: 'queue', fastify: '5.x', dependencies: ['database', 'job-engine', 'jobs'] },
);
