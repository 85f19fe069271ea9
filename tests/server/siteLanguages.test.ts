/**
 * Site content per language, on every backend: an admin gives a team member's role and
 * description (and an event's caption, a testimonial's subject and description) in Hindi or
 * Marathi; the public lists answer in the language asked (`?lang=`), each text falling back to
 * English where none was given; English (no `lang`, or `en`) is the answer as it always was; bad
 * texts are refused naming the field with nothing written; patients and strangers cannot edit.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { EventList, TeamList, TestimonialList } from '../../contract/site.js';
import { AdminTeamList, AdminTestimonialList } from '../../contract/staffAdmin.js';
import { backends } from './helpers.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { adminTableCounts, api, auditRows, ok } from './staffAdminSupport.js';

const publicList = async (app: ReturnType<ReturnType<typeof useAppointmentsApp>['app']>, path: string) => {
  const res = await app.inject(`/api/super/${path}`);
  expect(res.statusCode).toBe(200);
  return { body: res.body, json: res.json() as any[] };
};

describe.each(backends)('site content per language on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('a Hindi role and description are answered in hi, Marathi falls back to English, English is unchanged', async () => {
    const app = t.app();
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    const englishBefore = await publicList(app, 'teams');

    const created = await ok(app, admin, 'POST', '/site/team', {
      name: 'Anita Joshi',
      role: 'Nurse',
      description: 'Looks after the dispensary.',
      image: '',
      translations: { hi: { role: ' नर्स ', description: 'दवाखाने की देखभाल करती हैं।' }, mr: { role: '   ', description: '' } },
    });
    const member = created.member;
    // Trimmed; blank texts are "not given": '' in the console's answer, absent in the database.
    expect(member.translations).toEqual({
      hi: { role: 'नर्स', description: 'दवाखाने की देखभाल करती हैं।' },
      mr: { role: '', description: '' },
    });
    const stored = await t.db().query<{ translations: unknown }>('select translations from team_members where id = $1', [member._id]);
    expect(stored.rows[0]!.translations).toEqual({ hi: { role: 'नर्स', description: 'दवाखाने की देखभाल करती हैं।' } });
    const listed = await ok(app, admin, 'GET', '/site/team');
    expect(isRight(AdminTeamList.decode(listed))).toBe(true);
    expect(listed.find((m: { _id: string }) => m._id === member._id).translations.hi.role).toBe('नर्स');

    const hindi = await publicList(app, 'teams?lang=hi');
    expect(isRight(TeamList.decode(hindi.json))).toBe(true);
    expect(hindi.json.find((m) => m._id === member._id)).toEqual({
      _id: member._id,
      image: '',
      name: 'Anita Joshi',
      role: 'नर्स',
      description: 'दवाखाने की देखभाल करती हैं।',
    });
    // The seed's members have no Hindi: their English texts, in the same order.
    const seedIds = englishBefore.json.map((m) => m._id);
    expect(hindi.json.filter((m) => seedIds.includes(m._id))).toEqual(englishBefore.json);

    const marathi = await publicList(app, 'teams?lang=mr');
    expect(marathi.json.find((m) => m._id === member._id)).toMatchObject({ role: 'Nurse', description: 'Looks after the dispensary.' });

    // English: no translation in the answer, the same bytes with or without lang=en.
    const english = await publicList(app, 'teams');
    expect(english.json.find((m) => m._id === member._id)).toEqual({
      _id: member._id,
      image: '',
      name: 'Anita Joshi',
      role: 'Nurse',
      description: 'Looks after the dispensary.',
    });
    expect(english.body.startsWith(englishBefore.body.slice(0, -1))).toBe(true);
    expect((await publicList(app, 'teams?lang=en')).body).toBe(english.body);

    // Giving Marathi later; a save without `translations` keeps the stored ones.
    await ok(app, admin, 'PUT', `/site/team/${member._id}`, {
      name: 'Anita Joshi',
      role: 'Nurse',
      description: 'Looks after the dispensary.',
      image: '',
      translations: { hi: { role: 'नर्स' }, mr: { role: 'परिचारिका' } },
    });
    expect((await publicList(app, 'teams?lang=mr')).json.find((m) => m._id === member._id)).toMatchObject({
      role: 'परिचारिका',
      description: 'Looks after the dispensary.',
    });
    // Hindi's description was not sent this time: not given any more, English shown.
    expect((await publicList(app, 'teams?lang=hi')).json.find((m) => m._id === member._id)).toMatchObject({
      role: 'नर्स',
      description: 'Looks after the dispensary.',
    });
    const kept = await ok(app, admin, 'PUT', `/site/team/${member._id}`, { name: 'Anita J.', role: 'Senior nurse', description: '', image: '' });
    expect(kept.member).toMatchObject({ name: 'Anita J.', translations: { hi: { role: 'नर्स' }, mr: { role: 'परिचारिका' } } });

    // Audited as the other edits are: the translations as stored.
    const audit = (await auditRows(t.db())).filter((row) => row.details.id === member._id);
    expect(audit.map((row) => row.action)).toEqual(['site.team.created', 'site.team.updated', 'site.team.updated']);
    expect(audit[0]!.details.after.translations).toEqual({ hi: { role: 'नर्स', description: 'दवाखाने की देखभाल करती हैं।' } });
    expect(audit[1]!.details.before.translations).toEqual({ hi: { role: 'नर्स', description: 'दवाखाने की देखभाल करती हैं।' } });
    expect(audit[1]!.details.after.translations).toEqual({ hi: { role: 'नर्स' }, mr: { role: 'परिचारिका' } });
  });

  it('events and testimonials: caption, subject and description per language', async () => {
    const app = t.app();
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    const event = (await ok(app, admin, 'POST', '/site/events', { caption: 'Health camp', image: '', video: '', translations: { mr: { caption: 'आरोग्य शिबिर' } } })).event;
    expect(event.translations).toEqual({ hi: { caption: '' }, mr: { caption: 'आरोग्य शिबिर' } });
    const story = (
      await ok(app, admin, 'POST', '/site/testimonials', {
        name: 'Ravi',
        subject: 'Eczema',
        description: 'Better now.',
        image: '',
        translations: { hi: { subject: 'एक्ज़िमा', description: 'अब बेहतर हूँ।' } },
      })
    ).testimonial;
    expect(isRight(AdminTestimonialList.decode(await ok(app, admin, 'GET', '/site/testimonials')))).toBe(true);

    const eventsMr = (await publicList(app, 'events?lang=mr')).json;
    expect(isRight(EventList.decode(eventsMr))).toBe(true);
    expect(eventsMr.find((e) => e._id === event._id)).toMatchObject({ caption: 'आरोग्य शिबिर' });
    expect((await publicList(app, 'events?lang=hi')).json.find((e) => e._id === event._id)).toMatchObject({ caption: 'Health camp' });
    expect((await publicList(app, 'events')).json.find((e) => e._id === event._id)).toMatchObject({ caption: 'Health camp' });

    const storiesHi = (await publicList(app, 'testimonials?lang=hi')).json;
    expect(isRight(TestimonialList.decode(storiesHi))).toBe(true);
    expect(storiesHi.find((s) => s._id === story._id)).toEqual({ _id: story._id, image: '', name: 'Ravi', subject: 'एक्ज़िमा', description: 'अब बेहतर हूँ।' });
    expect((await publicList(app, 'testimonials?lang=mr')).json.find((s) => s._id === story._id)).toMatchObject({ subject: 'Eczema', description: 'Better now.' });
  });

  it('refuses bad texts naming the field, and writes nothing', async () => {
    const app = t.app();
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    const member = (await ok(app, admin, 'POST', '/site/team', { name: 'Anita', role: 'Nurse', description: '', image: '', translations: { hi: { role: 'नर्स' } } })).member;
    const before = await adminTableCounts(t.db());
    const stored = async () => (await t.db().query('select name, role, translations from team_members where id = $1', [member._id])).rows[0];
    const storedBefore = await stored();
    const base = { name: 'Anita', role: 'Nurse', description: '', image: '' };
    const cases: [string, string, object, string][] = [
      ['POST', '/site/team', { ...base, translations: { hi: { role: 'र'.repeat(201) } } }, 'translations.hi.role'],
      ['PUT', `/site/team/${member._id}`, { ...base, role: 'Changed', translations: { mr: { description: 'x\u0000y' } } }, 'translations.mr.description'],
      ['PUT', `/site/team/${member._id}`, { ...base, translations: { hi: { role: 12 } } }, 'translations.hi.role'],
      ['PUT', `/site/team/${member._id}`, { ...base, translations: { mr: 'परिचारिका' } }, 'translations.mr'],
      ['PUT', `/site/team/${member._id}`, { ...base, translations: 'नर्स' }, 'translations'],
      ['POST', '/site/events', { caption: '', image: '', video: '', translations: { hi: { caption: 'क'.repeat(501) } } }, 'translations.hi.caption'],
      ['POST', '/site/testimonials', { name: 'Z', subject: '', description: 'Fine', image: '', translations: { mr: { subject: 's'.repeat(201) } } }, 'translations.mr.subject'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await api(app, admin, method as 'POST' | 'PUT', url, body);
      expect(res.statusCode, `${method} ${url} ${field}`).toBe(400);
      const answer = res.json() as { message: string; errors: { field: string; message: string }[] };
      expect(typeof answer.message).toBe('string');
      expect(answer.errors.map((e) => e.field)).toContain(field);
    }
    expect(await adminTableCounts(t.db())).toEqual(before);
    expect(await stored()).toEqual(storedBefore);
  });

  it('only admins edit: 401 without a token, 403 for a patient, nothing written', async () => {
    const app = t.app();
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    const member = (await ok(app, admin, 'POST', '/site/team', { name: 'Anita', role: 'Nurse', description: '', image: '' })).member;
    const patient = await t.patient();
    const before = await adminTableCounts(t.db());
    const body = { name: 'Anita', role: 'Nurse', description: '', image: '', translations: { mr: { role: 'परिचारिका' } } };
    for (const [who, status] of [[null, 401], [patient, 403]] as const) {
      expect((await api(app, who, 'POST', '/site/team', body)).statusCode).toBe(status);
      expect((await api(app, who, 'PUT', `/site/team/${member._id}`, body)).statusCode).toBe(status);
      expect((await api(app, who, 'GET', '/site/team')).statusCode).toBe(status);
    }
    expect(await adminTableCounts(t.db())).toEqual(before);
    expect((await publicList(app, 'teams?lang=mr')).json.find((m) => m._id === member._id)).toMatchObject({ role: 'Nurse' });
  });

  it('answers 400 naming `lang` for a language it does not speak', async () => {
    const app = t.app();
    for (const path of ['events', 'teams', 'testimonials']) {
      for (const lang of ['fr', 'HI', '', 'hi-IN']) {
        const res = await app.inject(`/api/super/${path}?lang=${encodeURIComponent(lang)}`);
        expect(res.statusCode, `${path} ${lang}`).toBe(400);
        expect((res.json() as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['lang']);
      }
    }
    // Locations are names and take no language.
    expect((await app.inject('/api/super/locations')).statusCode).toBe(200);
  });
});
