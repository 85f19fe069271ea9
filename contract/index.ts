/** The API contract: io-ts codecs imported by the server (to decode requests) and the client (to decode answers). */
export * from './primitives.js';
export * from './site.js';
export * from './auth.js';
export * from './appointments.js';
export * from './staff.js';
export * from './staffAdmin.js';
export * from './errors.js';
export * from './report.js';
export * from './consultation.js';
export * from './people.js';
export * from './availability.js';
