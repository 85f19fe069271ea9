import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPayUrl } from '../../machines/paymentRedirect/payUrl.js';

const allowList = ['https://mercury-t2.phonepe.com', 'https://mercury.phonepe.com', 'http://localhost:3000/api/payment/sandbox/'];
const allowedOrigins = ['https://mercury-t2.phonepe.com', 'https://mercury.phonepe.com', 'http://localhost:3000'];
const allowedHosts = ['mercury-t2.phonepe.com', 'mercury.phonepe.com'];

const refusedAs = (reason: string) => ({ ok: false, reason });

describe('checkPayUrl', () => {
  it.each([
    ['https://mercury-t2.phonepe.com/transact/uat_v2?token=abc&x=1', 'https://mercury-t2.phonepe.com/transact/uat_v2?token=abc&x=1'],
    ['https://mercury.phonepe.com/transact/pg?token=abc', 'https://mercury.phonepe.com/transact/pg?token=abc'],
    ['https://mercury.phonepe.com', 'https://mercury.phonepe.com/'],
    ['HTTPS://MERCURY.PHONEPE.COM/transact', 'https://mercury.phonepe.com/transact'],
    ['https://mercury.phonepe.com:443/transact', 'https://mercury.phonepe.com/transact'],
    ['http://localhost:3000/api/payment/sandbox/checkout/MO-1', 'http://localhost:3000/api/payment/sandbox/checkout/MO-1'],
    ['http://localhost:3000/api/payment/sandbox/', 'http://localhost:3000/api/payment/sandbox/'],
  ])('lets %s through, normalised', (payUrl, url) => {
    expect(checkPayUrl(payUrl, allowList)).toEqual({ ok: true, url });
  });

  it.each([null, undefined, '', '   '])('refuses a missing payUrl (%j)', (payUrl) => {
    expect(checkPayUrl(payUrl, allowList)).toEqual(refusedAs('missing'));
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)//https://mercury.phonepe.com/',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/transact',
    '///evil.example',
    '/payment',
    'mercury.phonepe.com/transact',
    'https:mercury.phonepe.com/transact',
    'https:/mercury.phonepe.com/transact',
    'https:\\\\evil.example',
    'https://mercury.phonepe.com\\@evil.example',
    ' https://mercury.phonepe.com/',
    'https://mercury.phonepe.com/\n',
    'https://mercury.pho\tnepe.com/',
    'https://mercury.phonepe.com/ x',
    'ftp://mercury.phonepe.com/',
    `https://mercury.phonepe.com/${'a'.repeat(5000)}`,
  ])('refuses %j, which is no full http(s) URL', (payUrl) => {
    expect(checkPayUrl(payUrl, allowList)).toEqual(refusedAs('notAUrl'));
  });

  it.each([
    'https://evil.example/transact',
    'https://mercury.phonepe.com@evil.example/',
    'https://mercury.phonepe.com:443@evil.example/',
    'https://user:pass@mercury.phonepe.com/transact',
    'https://user@mercury.phonepe.com/transact',
    'https://@mercury.phonepe.com/transact',
    'https://:@mercury.phonepe.com/transact',
    'https://evil.example#@mercury.phonepe.com',
    'https://evil.example/?https://mercury.phonepe.com/',
    'https://evil.example/https://mercury.phonepe.com/',
    'https://mercury.phonepe.com.evil.example/',
    'https://mercury.phonepe.com./transact',
    'https://evilmercury.phonepe.com/',
    'https://mercury-phonepe.com/',
    'https://mercury.phonepe.co/',
    'https://mercury.phonepe.com.co/',
    'https://merc\u0443ry.phonepe.com/', // a Cyrillic u: another host (xn--...)
    'https://mercury.phonepe.com:8443/transact',
    'http://mercury.phonepe.com/transact', // https only for this origin
    'https://localhost:3000/api/payment/sandbox/x',
    'http://localhost:3001/api/payment/sandbox/x',
    'http://127.0.0.1:3000/api/payment/sandbox/x',
    'http://localhost:3000/',
    'http://localhost:3000/api/auth/google/start',
    'http://localhost:3000/api/payment/sandboxed/x',
    'http://localhost:3000/api/payment/sandbox/../../auth/google/start',
    'http://localhost:3000/api/payment/sandbox/%2e%2e/%2E%2E/auth',
  ])('refuses %j, which is not a page of an allowed checkout', (payUrl) => {
    expect(checkPayUrl(payUrl, allowList)).toEqual(refusedAs('notAllowed'));
  });

  it.each([
    [[]],
    [['']],
    [['*']],
    [['javascript:alert(1)']],
    [['mercury.phonepe.com']],
    [['//mercury.phonepe.com']],
    [['https://u@mercury.phonepe.com']],
    [['https://mercury.phonepe.com/?x=1']],
    [['https://mercury.phonepe.com/#x']],
    [['data:text/html,hi']],
  ])('lets nothing through with the allow-list %j', (list) => {
    expect(checkPayUrl('https://mercury.phonepe.com/transact', list)).toEqual(refusedAs('notAllowed'));
  });

  describe('properties', () => {
    const isAllowedPage = (text: string): boolean => {
      const url = new URL(text);
      return (
        allowedOrigins.includes(url.origin) &&
        url.username === '' &&
        url.password === '' &&
        (url.origin !== 'http://localhost:3000' || url.pathname.startsWith('/api/payment/sandbox/'))
      );
    };

    it('never lets through a URL that is not a page of an allowed checkout, whatever the text', () => {
      const texts = fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.webUrl({ withFragments: true, withQueryParameters: true, authoritySettings: { withUserInfo: true, withPort: true } }),
        fc
          .tuple(
            fc.constantFrom('https://', 'http://', 'HTTPS://', '//', 'https:', 'javascript:', 'data:', ''),
            fc.constantFrom('', 'u@', 'mercury.phonepe.com@', ':@', 'a:b@'),
            fc.constantFrom(...allowedHosts, 'localhost:3000', 'evil.example', 'mercury.phonepe.com.evil.example'),
            fc.constantFrom('', ':443', ':80', ':8443', '.', '..'),
            fc.string({ unit: 'grapheme', maxLength: 20 }),
          )
          .map((parts) => parts.join('')),
      );
      fc.assert(
        fc.property(texts, (text) => {
          const result = checkPayUrl(text, allowList);
          if (result.ok) {
            expect(isAllowedPage(result.url)).toBe(true);
            expect(/^[a-z]+:\/\/[^@/]*$/.test(result.url.split(/[/?#]/, 3).slice(0, 3).join('/'))).toBe(true);
          }
        }),
        { numRuns: 1500 },
      );
    });

    it('refuses every URL on another origin', () => {
      const otherOrigin = fc
        .webUrl({ withFragments: true, withQueryParameters: true, authoritySettings: { withPort: true } })
        .filter((text) => !allowedOrigins.includes(new URL(text).origin));
      fc.assert(
        fc.property(otherOrigin, (text) => {
          expect(checkPayUrl(text, allowList).ok).toBe(false);
        }),
        { numRuns: 2000 },
      );
    });

    it('refuses look-alike hosts: any change to an allowed host that makes another host', () => {
      const hostChars = 'abcdefghijklmnopqrstuvwxyz0123456789-.';
      const lookAlike = fc
        .tuple(
          fc.constantFrom(...allowedHosts),
          fc.nat(),
          fc.constantFrom('insert', 'delete', 'replace', 'prefix', 'suffix'),
          fc.string({ unit: fc.constantFrom(...hostChars.split('')), minLength: 1, maxLength: 6 }),
        )
        .map(([host, at, how, chars]) => {
          const i = at % (host.length + 1);
          switch (how) {
            case 'insert':
              return host.slice(0, i) + chars + host.slice(i);
            case 'delete':
              return host.slice(0, i) + host.slice(i + chars.length);
            case 'replace':
              return host.slice(0, i) + chars + host.slice(i + chars.length);
            case 'prefix':
              return chars + host;
            default:
              return host + chars;
          }
        });
      fc.assert(
        fc.property(lookAlike, fc.constantFrom('', '/transact', '/?token=x'), (host, rest) => {
          const text = `https://${host}${rest}`;
          let parsedHost: string | null = null;
          try {
            parsedHost = new URL(text).host;
          } catch {
            parsedHost = null;
          }
          const sameHost = parsedHost !== null && allowedHosts.includes(parsedHost);
          expect(checkPayUrl(text, allowList).ok).toBe(sameHost);
        }),
        { numRuns: 3000 },
      );
    });

    it('refuses user info of any kind, on an allowed host or before one', () => {
      const userinfo = fc.string({ unit: fc.constantFrom(...'abcxyz019:%-._~!$&\'()*+,;='.split('')), maxLength: 12 });
      fc.assert(
        fc.property(userinfo, fc.constantFrom(...allowedHosts), fc.boolean(), (info, host, before) => {
          const text = before ? `https://${host}@${info || 'evil'}.example/` : `https://${info}@${host}/transact`;
          expect(checkPayUrl(text, allowList).ok).toBe(false);
        }),
        { numRuns: 1000 },
      );
    });

    it('refuses any scheme but the allowed one, and anything that starts like a script or data URL', () => {
      fc.assert(
        fc.property(
          fc.constantFrom('javascript:', 'JAVASCRIPT:', 'data:', 'vbscript:', 'blob:', 'file:', '//', '\\\\', 'http://', 'ftp://', 'ws://', 'wss://'),
          fc.constantFrom(...allowedHosts.map((h) => `${h}/transact`), 'alert(1)', ''),
          (scheme, rest) => {
            expect(checkPayUrl(scheme + rest, allowList).ok).toBe(false);
          },
        ),
      );
    });
  });
});
