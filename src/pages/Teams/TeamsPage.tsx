/**
 * /teams: members from site options (image, name, role, description). A member who is one of our
 * doctors (same name in the doctor list, loaded with this page) shows their registration and
 * "Book with Dr. X", which opens Book Appointment with that doctor chosen.
 */
import { useEffect, useState } from 'react';
import type { Doctor } from '../../../contract/site';
import { usePopup } from '../../components/Popup/popups';
import { usePageTitle } from '../../app/usePageTitle';
import { SiteOptionsGate } from '../../components/SiteOptionsStatus/SiteOptionsGate';
import { useMessages } from '../../i18n/messages';
import './TeamsPage.css';

/** The doctor list, for the members who are doctors; [] until it loads (or if it fails: the page stays as it was). */
function useDoctors(): Doctor[] {
  const [doctors, setDoctors] = useState<Doctor[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    void import('../../api/site').then(async ({ fetchDoctors }) => {
      const answer = await fetchDoctors(controller.signal);
      if (!controller.signal.aborted && answer._tag === 'Right') setDoctors(answer.right);
    }).catch(() => undefined);
    return () => controller.abort();
  }, []);
  return doctors;
}

export default function TeamsPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.teams);
  const doctors = useDoctors();
  const popup = usePopup();
  return (
    <div className="page container">
      <h1>{messages.teams.title}</h1>
      <p className="page__lead">{messages.teams.intro}</p>
      <SiteOptionsGate>
        {({ teams }) =>
          teams.length === 0 ? (
            <p className="empty-state">{messages.teams.noMembers}</p>
          ) : (
            <ul className="team-grid">
              {teams.map((member, index) => (
                <li key={member._id} className="team-member">
                  <img
                    className="team-member__image"
                    src={member.image}
                    alt={messages.teams.portraitAlt(member.name)}
                    width={320}
                    height={320}
                    loading={index < 3 ? undefined : 'lazy'}
                  />
                  <h2 className="team-member__name">{member.name}</h2>
                  <p className="team-member__role">{member.role}</p>
                  <p className="team-member__text">{member.description}</p>
                  {(() => {
                    const doctor = doctors.find((d) => d.name === member.name);
                    if (!doctor) return null;
                    return (
                      <>
                        {doctor.registrationNumber ? (
                          <p className="team-member__registration">{messages.teams.registration(doctor.registrationCouncil ?? '', doctor.registrationNumber)}</p>
                        ) : null}
                        <button
                          type="button"
                          className="button button--primary team-member__book"
                          onClick={() => popup.open('booking', { previous: { choices: { doctorEmail: doctor.email } } })}
                        >
                          {messages.teams.bookWith(doctor.name)}
                        </button>
                      </>
                    );
                  })()}
                </li>
              ))}
            </ul>
          )
        }
      </SiteOptionsGate>
    </div>
  );
}
