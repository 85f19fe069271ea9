/**
 * The environment codec's parts: every setting of the server is read from the environment through
 * an io-ts decoder of `Env`, once (server/config.ts `loadConfig`).
 *
 * - `variable(name, parse)`: one variable. Unset and blank mean "use the default" (a blank `PORT=`
 *   in a .env file is common); the text is trimmed. A bad value fails with one sentence naming the
 *   variable, and never echoing a secret.
 * - `settings(name, read)`: a group of variables (a concern: mail, payments, the consultation...).
 *   `read` takes each variable's value, or its default when the variable is bad, so every bad
 *   variable of the group is reported at once, in the order they are read.
 *
 * A failure's messages are the problems `ConfigError` lists.
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';

export type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** A decoder of the environment: the settings' codecs. */
export type EnvDecoder<A> = t.Decoder<Env, A>;

/** What a variable's `parse` says of a bad value: the whole sentence, naming the variable. */
export class Problem {
  constructor(readonly sentence: string) {}
}
export const problem = (sentence: string) => new Problem(sentence);

/** A variable's text: trimmed; undefined when unset or blank. */
export function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function decoder<A>(name: string, validate: t.Validate<Env, A>): EnvDecoder<A> {
  const self: EnvDecoder<A> = { name, validate, decode: (env) => validate(env, [{ key: '', type: self, actual: env }]) };
  return self;
}

/**
 * One variable's codec: `parse` gets its text (trimmed; undefined: unset or blank), and the text as
 * it was set (for a problem that quotes it so), and gives its value or a Problem.
 */
export function variable<A>(name: string, parse: (value: string | undefined, asSet: string | undefined) => A | Problem): EnvDecoder<A> {
  const codec: EnvDecoder<A> = decoder(name, (env, c) => {
    const parsed = parse(raw(env, name), env[name]);
    return parsed instanceof Problem ? t.failure(env[name], t.appendContext(c, name, codec, env[name]), parsed.sentence) : t.success(parsed);
  });
  return codec;
}

/** How a group's `read` takes its variables: each one's value (the fallback when bad), and problems of several together. */
export interface Reader {
  take<A>(setting: EnvDecoder<A>, fallback: A): A;
  /** A group read within this one: its value, defaults where its variables are bad; its problems join this group's. */
  part<A>(group: Settings<A>): A;
  /** A problem no single variable has (two that go together, one setting that rules out another). */
  fail(sentence: string): void;
}

/** A group's codec; `read` gives its value even when a variable is bad (its default there), with the problems. */
export interface Settings<A> extends EnvDecoder<A> {
  read(env: Env): { value: A; problems: string[] };
  /** Its value within a larger read (Reader.part): its problems go to `errors`. */
  readInto(env: Env, c: t.Context, errors: t.ValidationError[]): A;
}

/** A group's codec: `read` takes its variables through the Reader; any problem fails the group, with all of them in the order read. */
export function settings<A>(name: string, read: (env: Env, reader: Reader) => A): Settings<A> {
  const readInto = (env: Env, c: t.Context, errors: t.ValidationError[]): A =>
    read(env, {
      take(setting, fallback) {
        const decoded = setting.validate(env, c);
        if (!isLeft(decoded)) return decoded.right;
        errors.push(...decoded.left);
        return fallback;
      },
      part: (group) => group.readInto(env, t.appendContext(c, group.name, group, env), errors),
      fail(sentence) {
        errors.push({ value: env, context: c, message: sentence });
      },
    });
  const group: Settings<A> = {
    ...decoder<A>(name, (env, c) => {
      const errors: t.ValidationError[] = [];
      const value = readInto(env, c, errors);
      return errors.length > 0 ? t.failures(errors) : t.success(value);
    }),
    readInto,
    read(env) {
      const errors: t.ValidationError[] = [];
      const value = readInto(env, [{ key: '', type: group, actual: env }], errors);
      return { value, problems: problemsOf(errors) };
    },
  };
  return group;
}

/** The sentences of a failed decode. */
export const problemsOf = (errors: t.Errors): string[] => errors.map((e) => e.message ?? `${e.context.map((c) => c.key).join('.')} is invalid`);

/** Decodes with `setting`, or throws ConfigError naming every problem. */
export function decodeOrThrow<A>(setting: EnvDecoder<A>, env: Env): A {
  const decoded = setting.decode(env);
  if (isLeft(decoded)) throw new ConfigError(problemsOf(decoded.left));
  return decoded.right;
}
