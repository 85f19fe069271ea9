/**
 * The kinds of variable the settings are made of, each a codec of one variable (env.ts `variable`):
 * its default when unset or blank, and a sentence naming it when its value is bad.
 */
import { isIP } from 'node:net';
import { fromPackageRoot } from '../paths.js';
import { type EnvDecoder, problem, variable } from './env.js';

export function port(name: string, fallback: number): EnvDecoder<number> {
  return variable(name, (value) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    return /^\d+$/.test(value) && n >= 1 && n <= 65535 ? n : problem(`${name} must be a port number from 1 to 65535 (got "${value}")`);
  });
}

export function text(name: string, fallback: string): EnvDecoder<string> {
  return variable(name, (value) => value ?? fallback);
}

/** A directory or file: relative to the package's root unless absolute. */
export function dirOrFile(name: string, fallback: string): EnvDecoder<string> {
  return variable(name, (value) => fromPackageRoot(value ?? fallback));
}

/** `http://` or `https://`, nothing after the path; without its trailing slash. */
export function httpUrl(name: string, fallback: string): EnvDecoder<string> {
  return variable(name, (given) => {
    const value = given ?? fallback;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return problem(`${name} must be an http:// or https:// address (got "${value}")`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return problem(`${name} must be an http:// or https:// address (got "${value}")`);
    }
    if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
      return problem(`${name} must be a plain address like https://clinic.example, without query, fragment or credentials`);
    }
    return url.href.replace(/\/+$/, '');
  });
}

/** A stand-in's address (tests): http:// or https://, no query or fragment; without its trailing slash. */
export function baseUrl(name: string, fallback: string): EnvDecoder<string> {
  return variable(name, (value) => {
    if (value === undefined) return fallback;
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      url = null;
    }
    if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
      return problem(`${name} must be an http:// or https:// address without query or fragment (got "${value}")`);
    }
    return url.href.replace(/\/+$/, '');
  });
}

export function oneOf<A extends string>(name: string, allowed: readonly A[], fallback: A): EnvDecoder<A> {
  return variable(name, (value) => {
    if (value === undefined) return fallback;
    return (allowed as readonly string[]).includes(value) ? (value as A) : problem(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
  });
}

/** null when unset. Never echoes the value. */
export function secret(name: string, minLength: number): EnvDecoder<string | null> {
  return variable(name, (value) => {
    if (value === undefined) return null;
    return value.length >= minLength
      ? value
      : problem(`${name} must be at least ${minLength} characters long (e.g. the output of: openssl rand -base64 32)`);
  });
}

export function wholeNumber(name: string, min: number, max: number, fallback: number): EnvDecoder<number> {
  return variable(name, (value) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    return /^\d+$/.test(value) && n >= min && n <= max ? n : problem(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
  });
}

/** An address to listen on: an IP address, or localhost. */
export function listenAddress(name: string, fallback: string): EnvDecoder<string> {
  return variable(name, (given) => {
    const value = given ?? fallback;
    return isIP(value) !== 0 || value === 'localhost' ? value : problem(`${name} must be an IP address to listen on, like 127.0.0.1 (got "${value}")`);
  });
}

/** One plain address: a mailto: link is made of it, so no spaces, commas or query characters. */
export const isPlainEmail = (value: string) => value.length <= 254 && /^[A-Za-z0-9._+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value);
