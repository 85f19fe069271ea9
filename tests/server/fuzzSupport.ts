/**
 * fast-check arbitraries for the fuzz suite (fuzz.test.ts), built from the contract's io-ts
 * codecs: a walk over the codec's structure (type, partial, intersection, union, array, keyof,
 * literal...) gives mostly valid-looking values, so requests get past the codecs and into the
 * services; at every leaf a hostile value (NUL, lone surrogates, 10k characters, RTL and
 * zero-width marks, SQL and HTML, huge or odd numbers, wrong types) takes its place now and then.
 * The contract's own value codecs are known by name (contract/primitives.ts, staff*.ts).
 */
import fc from 'fast-check';
import type * as t from 'io-ts';

/** Values a leaf may take that a valid request never has. */
export const hostileStrings = [
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udc00y',
  '\ud83d',
  'a'.repeat(10_000),
  'é'.repeat(201),
  '\u202Eevil\u202C',
  'zero\u200Bwidth\uFEFF',
  '\u0645\u0631\u062D\u0628\u0627',
  "' OR 1=1 --",
  "'); drop table users; --",
  '$1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  'line\r\nX-Injected: 1',
  '\t',
  '   ',
  '',
  'NaN',
  '1e8',
  '-1',
  '٣٤٥',
  '0000-01-01',
  '9999-12-31',
  '2025-02-30',
  '24:00',
];
export const hostileNumbers = [1e8, 99_999_999.995, -1, -0, 2 ** 53, 2 ** 53 + 2, 2 ** 31, 0.1 + 0.2, 1.005, 1e-7, 1e308, 3.5];
const hostileOthers: unknown[] = [null, true, [], {}, [1], { $gt: '' }, { toString: 'x' }];

/** Any string at all: UTF-16 code units one by one, so lone surrogates and control characters come up. */
const anyUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)), maxLength: 40 });

export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...hostileStrings), weight: 4 },
  { arbitrary: fc.constantFrom(...hostileNumbers), weight: 2 },
  { arbitrary: fc.constantFrom(...hostileOthers), weight: 1 },
  { arbitrary: anyUnits, weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
);

/** Real values of the database under test, so requests reach rows that exist. */
export interface KnownValues {
  ids: string[];
  emails: string[];
  locations: string[];
  merchantOrderIds: string[];
}

type AnyCodec = t.Mixed & {
  _tag?: string;
  props?: Record<string, AnyCodec>;
  types?: AnyCodec[];
  type?: AnyCodec;
  keys?: Record<string, unknown>;
  value?: unknown;
};

const bounds = (name: string) => name.match(/\((-?\d+),(-?\d+)\)/)?.slice(1).map(Number) as [number, number] | undefined;
const maxOf = (name: string) => Number(name.match(/\((\d+)\)/)?.[1] ?? 200);

/** A plausible value of one of the contract's value codecs, by its name (and the field's key). */
function validLeaf(codec: AnyCodec, key: string, known: KnownValues): fc.Arbitrary<unknown> {
  const name = codec.name;
  const lower = key.toLowerCase();
  if (name === 'Email' || lower.includes('email')) {
    return fc.oneof(fc.constantFrom(...known.emails), fc.emailAddress().filter((e) => e.length <= 254));
  }
  if (lower.includes('location') && !lower.endsWith('id')) return fc.constantFrom(...known.locations);
  if (name === 'Id') return fc.oneof({ arbitrary: fc.constantFrom(...known.ids), weight: 4 }, { arbitrary: fc.uuid(), weight: 1 });
  if (name === 'MerchantOrderId') {
    return known.merchantOrderIds.length ? fc.constantFrom(...known.merchantOrderIds) : fc.stringMatching(/^[A-Za-z0-9_-]{1,63}$/);
  }
  if (name === 'ClinicDate') {
    return fc.oneof(
      fc.date({ min: new Date('2025-03-01T00:00:00Z'), max: new Date('2025-04-30T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    );
  }
  if (name === 'ClinicTime') {
    return fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45, 7)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  }
  if (name === 'PhoneNumber') return fc.constantFrom('9876543210', '+91 98765-43210', '020 4000 1234');
  if (name === 'OtpCode') return fc.stringMatching(/^\d{6}$/);
  if (name === 'VerificationCode') return fc.oneof(fc.stringMatching(/^[A-Z2-7]{26}$/), fc.stringMatching(/^[a-z2-7]{4}(-[a-z2-7]{4}){6}$/));
  if (name === 'Password') return fc.constantFrom('monsoon garden lantern', 'correct horse battery');
  if (name === 'Rupees') return fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 9_999_999_999 }).map((p) => p / 100));
  if (name.startsWith('IntBetween')) {
    const [min, max] = bounds(name) ?? [0, 100];
    return fc.integer({ min, max });
  }
  if (name.startsWith('DigitsBetween')) {
    const [min, max] = bounds(name) ?? [0, 100];
    return fc.integer({ min, max }).map(String);
  }
  // A display's key: well formed, so requests pass the codec and meet the 404 of an unknown key.
  if (name === 'DisplayKey') return fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).filter((k) => k.length === 43);
  if (name === 'AuditId') return fc.bigInt({ min: 1n, max: 10n ** 18n - 1n }).map(String);
  if (name === 'MediaLinkInput') return fc.constantFrom('', '/media/team/a.webp', 'https://drive.google.com/file/d/abc_DEF-1/view');
  if (/^(NonEmptyString|Line|Text|RequiredText|OptionalText|TextUpTo)/.test(name)) {
    const max = name === 'NonEmptyString' ? 2000 : maxOf(name);
    const required = /^(NonEmptyString|RequiredText)/.test(name);
    return fc.string({ minLength: required ? 1 : 0, maxLength: Math.min(max, 60) }).map((s) => (required && s.trim() === '' ? `x${s}` : s));
  }
  return fc.string({ maxLength: 30 });
}

/**
 * Values for `codec`: its structure walked, each leaf valid-looking, or hostile with
 * probability about 1 in `hostileOneIn`.
 */
export function arbitraryOf(codec: t.Decoder<unknown, unknown>, known: KnownValues, hostileOneIn = 6, key = ''): fc.Arbitrary<unknown> {
  const c = codec as AnyCodec;
  const leaf = (valid: fc.Arbitrary<unknown>) =>
    fc.oneof({ arbitrary: valid, weight: hostileOneIn - 1 }, { arbitrary: hostile, weight: 1 });
  switch (c._tag) {
    case 'InterfaceType':
      return fc.record(Object.fromEntries(Object.entries(c.props!).map(([k, v]) => [k, arbitraryOf(v, known, hostileOneIn, k)])));
    case 'PartialType':
      return fc.record(
        Object.fromEntries(Object.entries(c.props!).map(([k, v]) => [k, arbitraryOf(v, known, hostileOneIn, k)])),
        { requiredKeys: [] },
      );
    case 'IntersectionType':
      return fc.tuple(...c.types!.map((part) => arbitraryOf(part, known, hostileOneIn, key))).map((parts) => Object.assign({}, ...parts));
    case 'UnionType':
      return fc.oneof(...c.types!.map((part) => arbitraryOf(part, known, hostileOneIn, key)));
    case 'ArrayType':
      return fc.oneof(
        { arbitrary: fc.array(arbitraryOf(c.type!, known, hostileOneIn, key), { maxLength: 4 }), weight: 5 },
        { arbitrary: hostile, weight: 1 },
      );
    case 'KeyofType':
      return leaf(fc.constantFrom(...Object.keys(c.keys!)));
    case 'LiteralType':
      return leaf(fc.constant(c.value));
    case 'NullType':
      return leaf(fc.constant(null));
    case 'BooleanType':
      return leaf(fc.boolean());
    case 'NumberType':
      return leaf(fc.double({ noNaN: true }));
    case 'StringType':
      return leaf(validLeaf(c, key, known));
    case 'UnknownType':
    case 'UnknownRecordType':
      return hostile;
    default:
      return leaf(validLeaf(c, key, known));
  }
}

/** A query string, a path or a body part for a route with no codecs: a few hostile keys and values. */
export const looseRecord = fc.dictionary(fc.constantFrom('id', 'email', 'code', 'state', 'date', 'name', 'q', 'x'), hostile, { maxKeys: 4 });

/** Percent-encodes like encodeURIComponent; a lone surrogate becomes its (invalid) 3-byte UTF-8 form. */
export function encodePathPart(value: unknown): string {
  const s = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/** `?a=b&...` from a record of values (arrays repeat the key; objects go as JSON). */
export function queryString(record: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      parts.push(`${encodePathPart(key)}=${encodePathPart(typeof v === 'string' ? v : typeof v === 'number' ? String(v) : JSON.stringify(v) ?? '')}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
