// The attack on the development sign-in, as a client on another machine would run it: walk "Continue with
// Google" through the development provider and try to come out with a session token.
//
//   node tests/server/googleWalk.mjs <base URL the client reaches> <the server's PUBLIC_URL>
//
// The server's redirects name PUBLIC_URL (127.0.0.1); a client elsewhere rewrites them to the
// address it reaches the server on, as an attacker on the clinic's network would. Extra request
// headers come as JSON in WALK_HEADERS (e.g. a forged X-Forwarded-For). WALK_STOP=code stops
// before the exchange and prints the handoff code too (an attacker's code, for the browser tests).
// Prints one JSON line: { steps: [{ method, path, status }], token: string | null, code?, stoppedAt? }.
// Plain Node (no TypeScript) so that `ip netns exec NS node ...` runs it as it is.
const [base, publicUrl] = process.argv.slice(2);
const account = process.env.WALK_ACCOUNT ?? 'asha';
if (!base || !publicUrl) {
  console.error('usage: node googleWalk.mjs <base URL> <PUBLIC_URL>');
  process.exit(2);
}
const extraHeaders = JSON.parse(process.env.WALK_HEADERS ?? '{}');
const jar = new Map();
const steps = [];

const reach = (url) => new URL(url.startsWith(publicUrl) ? base + url.slice(publicUrl.length) : url, base);

async function request(url, { method = 'GET', form, json } = {}) {
  const target = reach(url);
  const headers = { ...extraHeaders };
  if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let body;
  if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  } else if (json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  }
  const res = await fetch(target, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
  for (const cookie of res.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const eq = pair.indexOf('=');
    if (/max-age=0/i.test(cookie)) jar.delete(pair.slice(0, eq));
    else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const text = await res.text();
  steps.push({ method, path: target.pathname, status: res.status });
  return { status: res.status, location: res.headers.get('location'), text, url: target.href };
}

/** Follows redirects until a page, or a redirect into the app (an address with a #). */
async function follow(visit) {
  for (let hops = 0; visit.status >= 300 && visit.status < 400 && visit.location; hops++) {
    if (hops > 10) throw new Error('too many redirects');
    const next = new URL(visit.location, visit.url);
    if (next.hash) return visit;
    visit = await request(next.href);
  }
  return visit;
}

function done(result) {
  console.log(JSON.stringify({ steps, ...result }));
}

try {
  const chooser = await follow(await request('/api/auth/google/start'));
  const action = /<form method="post" action="([^"]+\/login)"/.exec(chooser.text)?.[1]?.replace(/&#38;/g, '&');
  if (chooser.status !== 200 || !action) {
    done({ token: null, stoppedAt: 'the sign-in page' });
  } else {
    const back = await follow(await request(action, { method: 'POST', form: { account } }));
    const hash = back.location ? new URL(back.location, back.url).hash : '';
    const code = new URLSearchParams(hash.split('?')[1] ?? '').get('code');
    if (!code) {
      done({ token: null, stoppedAt: 'the callback' });
    } else if (process.env.WALK_STOP === 'code') {
      done({ token: null, code });
    } else {
      const swap = await request('/api/auth/google/exchange', { method: 'POST', json: { code } });
      const token = swap.status === 200 ? (JSON.parse(swap.text).token ?? null) : null;
      done({ token, ...(token ? {} : { stoppedAt: 'the exchange' }) });
    }
  }
} catch (error) {
  done({ token: null, stoppedAt: `an error: ${error instanceof Error ? error.message : String(error)}` });
}
