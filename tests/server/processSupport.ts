/**
 * The real server as a child process (node with tsx's loader on server/main.ts: no build
 * needed), for what app.inject cannot show: signals, listening sockets, the operations port,
 * files left in DATA_DIR. Its JSON log lines are kept and parsed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { noClientDir } from './helpers.js';
import { packageRoot } from '../../server/paths.js';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Where the operations port listens (from the "ready" log line); null when off. */
  opsPort: number | null;
  /** Every line written on standard output so far (JSON log lines and the outbox's lines). */
  lines: string[];
  stderr: () => string;
  /** Resolves with the first line (already written or to come) that matches. */
  waitForLine(match: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Sends the signal (if still running) and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `umask`: the process starts with this umask (octal digits, e.g. '000'), as a shell would give it. */
export async function startServer(env: Record<string, string>, readyTimeoutMs = 90_000, { umask }: { umask?: string } = {}): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const node = [process.execPath, '--import', 'tsx', path.join('server', 'main.ts')];
  if (umask !== undefined && !/^[0-7]{3,4}$/.test(umask)) throw new Error(`not a umask: ${umask}`);
  // `exec` keeps the pid: signals reach node itself.
  const [command, ...args] = umask === undefined ? node : ['/bin/sh', '-c', `umask ${umask} && exec "$@"`, 'sh', ...node];
  const child = spawn(command!, args, {
    cwd: packageRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      CLIENT_DIR: noClientDir,
      LOG_LEVEL: 'info',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  const waiters = new Set<{ match: RegExp; resolve: (line: string) => void }>();
  let buffered = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const w of [...waiters]) {
        if (w.match.test(line)) {
          waiters.delete(w);
          w.resolve(line);
        }
      }
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => void (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const waitForLine = (match: RegExp, timeoutMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const found = lines.find((l) => match.test(l));
      if (found) return resolve(found);
      const waiter = { match, resolve: (line: string) => (clearTimeout(timer), resolve(line)) };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no line matching ${match} within ${timeoutMs} ms; stderr: ${stderr}\nstdout: ${lines.join('\n')}`));
      }, timeoutMs);
      waiters.add(waiter);
      void exited.then(() => {
        if (waiters.delete(waiter)) {
          clearTimeout(timer);
          reject(new Error(`the server exited before a line matching ${match}; stderr: ${stderr}\nstdout: ${lines.join('\n')}`));
        }
      });
    });

  let ready: string;
  try {
    ready = await waitForLine(/Clinic portal ready at/, readyTimeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const opsAt = (JSON.parse(ready) as { opsPort?: string }).opsPort;
  const opsPort = opsAt && opsAt !== 'off' ? Number(opsAt.split(':').at(-1)) : null;
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    opsPort,
    lines,
    stderr: () => stderr,
    waitForLine,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/* ---------------------------------------------- a patient's path over real HTTP */

export interface HttpAnswer {
  status: number;
  body: any;
  headers: Headers;
}

export async function call(base: string, method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  const res = await fetch(`${base}${url}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

function expectStatus(answer: HttpAnswer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** The code the outbox printed for `email` on one of these servers' consoles. */
export function outboxCode(servers: readonly ServerProcess[], email: string): string {
  for (const server of servers) {
    for (const line of [...server.lines].reverse()) {
      const match = new RegExp(`^\\[outbox\\] mail to ${email.replace(/[.]/g, '\\.')}:.*\\(code (\\d{6})\\)`).exec(line);
      if (match) return match[1]!;
    }
  }
  throw new Error(`no code was printed for ${email}`);
}

export const person = {
  firstName: 'Asha',
  lastName: 'Deshpande',
  age: 34,
  gender: 'female',
  phoneNumber: '+91 98765-43210',
  password: 'monsoon garden lantern',
};

/** Proves the address with the printed code, registers, logs in; answers the session token. */
export async function signUp(base: string, servers: readonly ServerProcess[], email: string): Promise<string> {
  expectStatus(await call(base, 'POST', '/api/otp/send-otp', { email }), 200, 'send-otp');
  expectStatus(await call(base, 'POST', '/api/otp/validate-otp', { email, otp: outboxCode(servers, email) }), 200, 'validate-otp');
  expectStatus(await call(base, 'POST', '/api/auth/register', { ...person, email }), 200, 'register');
  return logIn(base, email);
}

export async function logIn(base: string, email: string): Promise<string> {
  const answer = await call(base, 'POST', '/api/auth/login', { email, password: person.password });
  expectStatus(answer, 200, 'login');
  return answer.body.token as string;
}

const meeraEmail = 'meera.kulkarni@sahaj-clinic.example';

/** Books Dr. Meera's first free Clinic Visit slot at Aundh from tomorrow (clinic time) on (Video is online only); answers the record. */
export async function bookFirstFreeSlot(base: string, token: string, email: string): Promise<{ _id: string; consultationFee: number; date: string; startTime: string }> {
  const clinicToday = new Date(Date.now() + 5.5 * 3600_000);
  for (let day = 1; day <= 14; day++) {
    const date = new Date(clinicToday.getTime() + day * 86_400_000).toISOString().slice(0, 10);
    const slots = await call(base, 'GET', `/api/doctor/gettimeslot/${encodeURIComponent(meeraEmail)}/Aundh/${date}`, undefined, token);
    if (slots.status !== 200) continue;
    const free = (slots.body as { time: string; status: string }[]).find((s) => s.status === 'free');
    if (!free) continue;
    const answer = await call(
      base,
      'POST',
      '/api/appointment/add',
      {
        firstName: person.firstName,
        lastName: person.lastName,
        email,
        phoneNumber: person.phoneNumber,
        age: person.age,
        gender: person.gender,
        date,
        doctorName: 'Dr. Meera Kulkarni',
        doctorEmail: meeraEmail,
        location: 'Aundh',
        consultationType: 'Clinic Visit',
        startTime: free.time,
        appointmentPaymentStatus: 'failed',
        appointmentPaymentId: null,
        medicines: { complain: '', remedies: [], potency: '', duration: '', pharmacyName: '', pharmacyId: '', instructions: '', showMedicine: false },
      },
      token,
    );
    expectStatus(answer, 200, 'appointment/add');
    return answer.body;
  }
  throw new Error('no free slot for Dr. Meera at Aundh in the next two weeks');
}
