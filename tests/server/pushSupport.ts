/**
 * Web Push in server tests: a device's subscription (keys made with node:crypto, as a browser makes
 * them) and its calls; a fake push service on loopback, the VAPID JWT checked, the payload decrypted.
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import ece from 'http_ece';
import { expect } from 'vitest';
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

/** The VAPID settings vapidEnv gives the server, with the fake push service's host only. */
export const vapid = { publicKey: vapidEnv.VAPID_PUBLIC_KEY, privateKey: vapidEnv.VAPID_PRIVATE_KEY, subject: vapidEnv.VAPID_SUBJECT, pushHosts: ['127.0.0.1'] };

export interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on a loopback port: answers `status()` and keeps what came. */
export async function fakePushService(status: () => number): Promise<{ server: Server; origin: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = status();
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

/** The VAPID header's JWT, verified with the clinic's public key: its claims. */
export function vapidClaims(authorization: string): { aud: string; sub: string; exp: number } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  expect(match, authorization).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(vapid.publicKey);
  const point = Buffer.from(k!, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const [header, claims, signature] = jwt!.split('.');
  expect(verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))).toBe(true);
  return JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8'));
}

export const decrypt = (device: TestDevice, body: Buffer) =>
  JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.keys.auth }).toString('utf8'));

