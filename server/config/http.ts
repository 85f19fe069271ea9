/** Where the server listens and the address people reach it at: PORT, PUBLIC_URL, HOST. */
import { settings } from './env.js';
import { httpUrl, port, text } from './variables.js';

export interface HttpConfig {
  port: number;
  host: string;
  /** The address people use to reach the site, without a trailing slash (links in mails, redirects). */
  publicUrl: string;
}

/** PUBLIC_URL defaults to this machine at PORT; '' when it is itself bad (the settings that depend on it are then not judged). */
export const httpSettings = settings('http', (_env, { take }): HttpConfig => {
  const portNumber = take(port('PORT', 3000), 3000);
  const publicUrl = take(httpUrl('PUBLIC_URL', `http://localhost:${portNumber}`), '');
  return { port: portNumber, host: take(text('HOST', '0.0.0.0'), '0.0.0.0'), publicUrl };
});
