import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { packageRoot } from '../../server/paths.js';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has defaults that work on a laptop, with paths from the package root', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({ port: 3000, host: '0.0.0.0', publicUrl: 'http://localhost:3000' });
    expect(config.storage).toEqual({ dataDir: path.join(packageRoot, 'data'), databaseUrl: null });
    expect(config.seedFile).toBe(path.join(packageRoot, 'server', 'seed', 'demo-clinic.json'));
    expect(config.clientDir).toBe(path.join(packageRoot, 'dist', 'client'));
    expect(config.logLevel).toBe('info');
  });

  it('reads every variable, and the default public URL follows PORT', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/clinic',
      DATABASE_URL: 'postgres://clinic:secret@db.internal:5432/clinic',
      SEED_FILE: 'clinic.json',
      CLIENT_DIR: '/srv/client',
      LOG_LEVEL: 'warn',
    });
    expect(config.http).toEqual({ port: 8080, host: '127.0.0.1', publicUrl: 'http://localhost:8080' });
    expect(config.storage).toEqual({
      dataDir: '/var/lib/clinic',
      databaseUrl: 'postgres://clinic:secret@db.internal:5432/clinic',
    });
    expect(config.seedFile).toBe(path.join(packageRoot, 'clinic.json'));
    expect(config.clientDir).toBe('/srv/client');
    expect(config.logLevel).toBe('warn');
  });

  it('drops the trailing slash of PUBLIC_URL and treats blank values as unset', () => {
    // A public address needs a real identity provider, or the development one switched on explicitly.
    const config = loadConfig({ PUBLIC_URL: 'https://clinic.example/', PORT: ' ', DATABASE_URL: '', OIDC_DEV_PROVIDER: 'on' });
    expect(config.http.publicUrl).toBe('https://clinic.example');
    expect(config.http.port).toBe(3000);
    expect(config.storage.databaseUrl).toBeNull();
  });

  it('reads the operations settings: METRICS_PORT, METRICS_HOST, METRICS_TOKEN, SHUTDOWN_GRACE_SECONDS', () => {
    const defaults = loadConfig({});
    expect(defaults.metrics).toEqual({ port: 0, host: '127.0.0.1', token: null });
    expect(defaults.shutdownGraceSeconds).toBe(10);
    const token = 't'.repeat(32);
    const set = loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.7', METRICS_TOKEN: token, SHUTDOWN_GRACE_SECONDS: '30' });
    expect(set.metrics).toEqual({ port: 9464, host: '10.0.0.7', token });
    expect(set.shutdownGraceSeconds).toBe(30);
    expect(loadConfig({ METRICS_PORT: 'off' }).metrics.port).toBeNull();
    const problems = problemsOf({ METRICS_PORT: '70000', METRICS_HOST: 'everywhere', METRICS_TOKEN: 'short-secret', SHUTDOWN_GRACE_SECONDS: '0' });
    expect(problems).toEqual([
      'METRICS_PORT must be a port number from 1 to 65535, 0 (a free port) or off (got "70000")',
      'METRICS_HOST must be an IP address to listen on, like 127.0.0.1 (got "everywhere")',
      'METRICS_TOKEN must be at least 32 characters long (e.g. the output of: openssl rand -base64 32)',
      'SHUTDOWN_GRACE_SECONDS must be a whole number from 1 to 3600 (got "0")',
    ]);
    expect(problems.join(' ')).not.toContain('short-secret');
    // Metrics reachable from other machines need the token.
    expect(problemsOf({ METRICS_HOST: '0.0.0.0' })).toEqual([
      'METRICS_HOST 0.0.0.0 is reachable from other machines: set METRICS_TOKEN too (32+ characters), so only Prometheus reads the metrics',
    ]);
    expect(loadConfig({ METRICS_HOST: '0.0.0.0', METRICS_PORT: 'off' }).metrics.port).toBeNull();
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'abc', PUBLIC_URL: 'ftp://x', LOG_LEVEL: 'loud' });
    expect(problems).toEqual([
      'PORT must be a port number from 1 to 65535 (got "abc")',
      'PUBLIC_URL must be an http:// or https:// address (got "ftp://x")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]);
  });

  it.each(['0', '65536', '30.5', '-1'])('refuses PORT=%s', (port) => {
    expect(problemsOf({ PORT: port })).toEqual([expect.stringMatching(/^PORT must be a port number/)]);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL without printing it (it may hold a password)', () => {
    const [problem] = problemsOf({ DATABASE_URL: 'mysql://u:hunter2@db/x' });
    expect(problem).toBe('DATABASE_URL must start with postgres:// or postgresql://');
    expect(problemsOf({ DATABASE_URL: 'postgres://u:hunter2@db' })[0]).toMatch(/must name a host and a database/);
    expect(problemsOf({ DATABASE_URL: 'not a url hunter2' }).join()).not.toContain('hunter2');
  });

  it('refuses a PUBLIC_URL with a query or credentials', () => {
    expect(problemsOf({ PUBLIC_URL: 'https://clinic.example/?a=1' })[0]).toMatch(/^PUBLIC_URL must be a plain address/);
  });

  it("defaults the help contacts to the clinic's phone and email, and reads HELP_*", () => {
    expect(loadConfig({}).help).toEqual({
      chatNumber: '+91 20 4000 1234',
      callNumber: '+91 20 4000 1234',
      email: 'care@sahaj-clinic.example',
    });
    const help = loadConfig({ HELP_CHAT_NUMBER: '98220 12345', HELP_CALL_NUMBER: '+91 (20) 4000-5678', HELP_EMAIL: 'help@clinic.example' }).help;
    expect(help).toEqual({ chatNumber: '98220 12345', callNumber: '+91 (20) 4000-5678', email: 'help@clinic.example' });
  });

  it('refuses help contacts no link can be made of, naming each variable', () => {
    expect(problemsOf({ HELP_CHAT_NUMBER: 'ask at the desk', HELP_CALL_NUMBER: '12345', HELP_EMAIL: 'help@clinic.example?cc=x@y.z' })).toEqual([
      'HELP_CHAT_NUMBER must be a phone number like +91 20 4000 1234 (international, or 10 Indian digits) (got "ask at the desk")',
      'HELP_CALL_NUMBER must be a phone number like +91 20 4000 1234 (international, or 10 Indian digits) (got "12345")',
      'HELP_EMAIL must be one email address like care@clinic.example (got "help@clinic.example?cc=x@y.z")',
    ]);
  });
});
