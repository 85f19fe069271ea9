/**
 * The admin's site content (events, team, testimonials): each kind's entry, list, input and
 * answer codecs, with the translations of its translatable texts.
 */
import * as t from 'io-ts';
import { MediaLinkInput, optionalText, requiredText } from './adminFields.js';

export const SiteKind = t.keyof({ events: null, team: null, testimonials: null }, 'SiteKind');
export type SiteKind = t.TypeOf<typeof SiteKind>;

/**
 * The languages site content can be given in besides English (the text every language
 * falls back to). Names, images and videos are not translated.
 */
export const translatedLanguages = ['hi', 'mr'] as const;
export type TranslatedLanguage = (typeof translatedLanguages)[number];

/** Each translated language's texts of one kind's translatable fields; '' is "not given" (English shown). */
export type SiteTranslations<Field extends string> = Record<TranslatedLanguage, Record<Field, string>>;

/**
 * `translations` as the console sends it: `{ hi?: { role?, description? }, mr?: {...} }`, each
 * text with its English field's rules but optional, trimmed; a blank or missing text is "not
 * given". Decodes to every language and field, '' where not given; errors name
 * `translations.hi.role`.
 */
function translationsInput<Fields extends t.Props>(name: string, fields: Fields) {
  const language = t.partial(fields);
  const given = t.partial({ hi: language, mr: language });
  const keys = Object.keys(fields) as (keyof Fields & string)[];
  type Out = SiteTranslations<keyof Fields & string>;
  const fill = (texts: Partial<Record<string, unknown>> | undefined) =>
    Object.fromEntries(keys.map((k) => [k, typeof texts?.[k] === 'string' ? (texts[k] as string) : ''])) as Record<keyof Fields & string, string>;
  return new t.Type<Out, Out, unknown>(
    `${name}Translations`,
    (u): u is Out => given.is(u),
    (u, c) => {
      const decoded = given.validate(u, c);
      if (decoded._tag === 'Left') return decoded;
      return t.success({ hi: fill(decoded.right.hi), mr: fill(decoded.right.mr) } as Out);
    },
    (a) => a,
  );
}

/** The stored translations as the console reads them: every language and field, '' where not given. */
function translationsAnswer(name: string, fields: readonly string[]) {
  const language = t.type(Object.fromEntries(fields.map((f) => [f, t.string])) as Record<string, t.StringC>);
  return t.type({ hi: language, mr: language }, `${name}TranslationsAnswer`);
}

/**
 * The codecs of one kind of site content: the entry as the console reads it (its stored fields,
 * `displayImage` for the preview, its place in the order and its Hindi and Marathi texts), the
 * list, the input of add and save (English fields, and optionally `translations`: absent on a
 * save keeps the stored ones, given replaces them), and their answer, which names the entry `key`.
 */
function siteContentCodecs<Name extends string, Fields extends t.Props, Input extends t.Props, Translatable extends t.Props, Key extends string>(
  name: Name,
  fields: Fields,
  input: Input,
  translatable: Translatable,
  key: Key,
) {
  const translationsCodec = translationsAnswer(name, Object.keys(translatable)) as unknown as t.Type<
    SiteTranslations<keyof Translatable & string>
  >;
  const entry = t.type(
    { _id: t.string, ...fields, displayImage: t.string, displayOrder: t.number, translations: translationsCodec },
    `Admin${name}`,
  );
  const answer: t.TypeC<{ message: t.StringC } & Record<Key, typeof entry>> = t.type(
    { message: t.string, [key]: entry } as { message: t.StringC } & Record<Key, typeof entry>,
    `${name}Answer`,
  );
  const inputCodec = t.intersection(
    [t.type(input), t.partial({ translations: translationsInput(name, translatable) })],
    `${name}Input`,
  );
  return { entry, list: t.array(entry, `Admin${name}List`), input: inputCodec, answer, key, translatable: Object.keys(translatable) as (keyof Translatable & string)[] };
}

export const eventCodecs = siteContentCodecs(
  'Event',
  { caption: t.string, image: t.string, video: t.string, displayVideo: t.string },
  { caption: optionalText(500), image: MediaLinkInput, video: MediaLinkInput },
  { caption: optionalText(500) },
  'event',
);
export const teamCodecs = siteContentCodecs(
  'TeamMember',
  { name: t.string, role: t.string, description: t.string, image: t.string },
  { name: requiredText(200), role: optionalText(200), description: optionalText(4000, { multiline: true }), image: MediaLinkInput },
  { role: optionalText(200), description: optionalText(4000, { multiline: true }) },
  'member',
);
export const testimonialCodecs = siteContentCodecs(
  'Testimonial',
  { name: t.string, subject: t.string, description: t.string, image: t.string },
  { name: requiredText(200), subject: optionalText(200), description: requiredText(4000, { multiline: true }), image: MediaLinkInput },
  { subject: optionalText(200), description: optionalText(4000, { multiline: true }) },
  'testimonial',
);

export const { entry: AdminEvent, list: AdminEventList, input: EventInput, answer: EventAnswer } = eventCodecs;
export type AdminEvent = t.TypeOf<typeof AdminEvent>;
export type EventInput = t.TypeOf<typeof EventInput>;
export const { entry: AdminTeamMember, list: AdminTeamList, input: TeamMemberInput, answer: TeamMemberAnswer } = teamCodecs;
export type AdminTeamMember = t.TypeOf<typeof AdminTeamMember>;
export type TeamMemberInput = t.TypeOf<typeof TeamMemberInput>;
export const { entry: AdminTestimonial, list: AdminTestimonialList, input: TestimonialInput, answer: TestimonialAnswer } = testimonialCodecs;
export type AdminTestimonial = t.TypeOf<typeof AdminTestimonial>;
export type TestimonialInput = t.TypeOf<typeof TestimonialInput>;
