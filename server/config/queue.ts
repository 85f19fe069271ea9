/**
 * The queue's live side (docs/operations.md, "The queue's displays"), counted on each instance:
 *
 *   QUEUE_STREAMS_PER_DISPLAY   open streams of one display link (TVs or tabs showing it) (5)
 *   QUEUE_STREAMS_PER_ACCOUNT   open streams of a patient's live place per account (3)
 *   QUEUE_STREAMS_PER_CLIENT    open queue streams from one client address, displays and
 *                               patients together (50)
 *   QUEUE_STREAMS_TOTAL         open queue streams in all (2000); never more than half the
 *                               process's open-file limit, whatever is set (server/chat/hub.ts)
 *
 * The "you are next but one" text, on the reminders' providers (server/config/texts.ts): a
 * channel sends it only with its own approved template.
 *
 *   MSG91_QUEUE_TEMPLATE_ID     the Flow template id of the English text, whose DLT template is
 *                               approved with the variables ##name## ##token## ##doctor## ##link##
 *   MSG91_QUEUE_TEMPLATE_ID_HI, MSG91_QUEUE_TEMPLATE_ID_MR   optional: Hindi and Marathi
 *   WHATSAPP_QUEUE_TEMPLATE     the approved template's name; its body takes four parameters in
 *                               this order: name, token, doctor, link (in the languages
 *                               WHATSAPP_REMINDER_LANGUAGES lists)
 */
import { defaultQueueConfig as defaults, type QueueConfig, type QueueTextTemplates } from '../queue/config.js';
import { type Env, problem, type Reader, settings, variable } from './env.js';
import { wholeNumber } from './variables.js';

const templateId = (name: string) =>
  variable(name, (value) => {
    if (value === undefined) return undefined;
    return /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : problem(`${name} must be a Flow template id (letters and digits, as MSG91 shows it) (got "${value}")`);
  });

const whatsAppTemplate = variable('WHATSAPP_QUEUE_TEMPLATE', (value) => {
  if (value === undefined) return null;
  return /^[a-z0-9_]{1,512}$/.test(value) ? value : problem(`WHATSAPP_QUEUE_TEMPLATE must be a template name (lower-case letters, digits and _) (got "${value}")`);
});

function templates({ take }: Reader): QueueTextTemplates {
  const en = take(templateId('MSG91_QUEUE_TEMPLATE_ID'), undefined);
  const hi = take(templateId('MSG91_QUEUE_TEMPLATE_ID_HI'), undefined);
  const mr = take(templateId('MSG91_QUEUE_TEMPLATE_ID_MR'), undefined);
  return {
    sms: en === undefined ? null : { en, ...(hi ? { hi } : {}), ...(mr ? { mr } : {}) },
    whatsapp: take(whatsAppTemplate, null),
  };
}

export const queueSettings = settings('queue', (_env, reader): QueueConfig => {
  const { take } = reader;
  const streams = (name: string, max: number, fallback: number) => take(wholeNumber(name, 1, max, fallback), fallback);
  return {
    streamsPerDisplay: streams('QUEUE_STREAMS_PER_DISPLAY', 100, defaults.streamsPerDisplay),
    streamsPerAccount: streams('QUEUE_STREAMS_PER_ACCOUNT', 100, defaults.streamsPerAccount),
    streamsPerClient: streams('QUEUE_STREAMS_PER_CLIENT', 100_000, defaults.streamsPerClient),
    streamsTotal: streams('QUEUE_STREAMS_TOTAL', 1_000_000, defaults.streamsTotal),
    templates: templates(reader),
  };
});

export const readQueueConfig = (env: Env) => queueSettings.read(env);
