/** The provider PAYMENT_PROVIDER names, built once per app (server/app.ts) or payment process (main.ts). */
import type { Database } from '../db/database.js';
import type { PaymentsConfig } from './config.js';
import { createPhonePeProvider, type PhonePeProvider } from './phonepe.js';
import { createSandboxProvider, type SandboxProvider } from './sandbox.js';

export type AnyPaymentProvider = SandboxProvider | PhonePeProvider;

export function createPaymentProvider(
  config: PaymentsConfig['provider'],
  deps: { db: Database; publicUrl: string; now: () => Date; fetch?: typeof fetch },
): AnyPaymentProvider {
  return config.kind === 'phonepe'
    ? createPhonePeProvider({ config, now: deps.now, ...(deps.fetch ? { fetch: deps.fetch } : {}) })
    : createSandboxProvider(deps);
}
