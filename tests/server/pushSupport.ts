/** Web Push in server tests: a device's subscription (keys made with node:crypto, as a browser makes them) and its calls. */
import { createECDH, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Patient } from './paymentSupport.js';

/** A VAPID key pair (made with web-push's generateVAPIDKeys) and subject: Web Push on. */
export const vapidEnv = {
  VAPID_PUBLIC_KEY: 'BPM76w3FIFVF_XB295bJy6ahBCa0hefbizYIB0e_I30Ku0AK3bA0p-nzKXxKUcxVhkB3XzIR0YeoqqydfSwbX7A',
  VAPID_PRIVATE_KEY: 'jmTFdIGrYwsg_aax8VVyLlmGUhF_BuKCGSB9XgCBuOQ',
  VAPID_SUBJECT: 'mailto:clinic@sahaj-clinic.example',
  // The made-up push service of testDevice() and the fake one the sending tests run on loopback.
  PUSH_SERVICE_HOSTS: 'push.example.test,127.0.0.1',
};

export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The device's private key: what decrypts a payload sent to it. */
  ecdh: ReturnType<typeof createECDH>;
}

/** A browser's subscription at `endpoint` (default a made-up https push service). */
export function testDevice(endpoint = `https://push.example.test/send/${randomBytes(8).toString('hex')}`): TestDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    ecdh,
  };
}

export const subscribe = (app: FastifyInstance, who: Patient, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/push/subscription', headers: who.headers, payload });

export const unsubscribe = (app: FastifyInstance, who: Patient, endpoint: string) =>
  app.inject({ method: 'DELETE', url: '/api/push/subscription', headers: who.headers, payload: { endpoint } });
