/** /teams: members from site options (image, name, role, description). */
import { usePageTitle } from '../../app/usePageTitle';
import { SiteOptionsGate } from '../../components/SiteOptionsStatus/SiteOptionsGate';
import { useMessages } from '../../i18n/messages';
import './TeamsPage.css';

export default function TeamsPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.teams);
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
                </li>
              ))}
            </ul>
          )
        }
      </SiteOptionsGate>
    </div>
  );
}
