/** /gallery: event videos and photos from site options, and before/after skin illustrations. */
import type { SiteEvent } from '../../../contract/site';
import { imageCarouselMs, videoCarouselMs } from '../../app/constants';
import { usePageTitle } from '../../app/usePageTitle';
import { Carousel } from '../../components/Carousel/Carousel';
import { SiteOptionsGate } from '../../components/SiteOptionsStatus/SiteOptionsGate';
import { useGalleryCopy } from '../../content/gallery';
import { useMessages } from '../../i18n/messages';
import './GalleryPage.css';

/** The events twice: as videos, then as photos, each in its own carousel. */
function EventCarousels({ events }: { events: readonly SiteEvent[] }) {
  const messages = useMessages();
  return (
    <div className="gallery-events">
      <div>
        <h2>{messages.gallery.videosHeading}</h2>
        <Carousel
          label={messages.gallery.videosCarouselLabel}
          items={events}
          intervalMs={videoCarouselMs}
          getKey={(event) => event._id}
          renderSlide={(event) => (
            <figure className="gallery-slide">
              <video
                className="gallery-slide__media"
                controls
                preload="none"
                poster={event.image}
                width={640}
                height={360}
                aria-label={event.caption}
              >
                <source src={event.video} type="video/webm" />
                {messages.home.videoNotSupported}
              </video>
              <figcaption className="gallery-slide__caption">{event.caption}</figcaption>
            </figure>
          )}
        />
      </div>
      <div>
        <h2>{messages.gallery.imagesHeading}</h2>
        <Carousel
          label={messages.gallery.imagesCarouselLabel}
          items={events}
          intervalMs={imageCarouselMs}
          getKey={(event) => event._id}
          renderSlide={(event, { index }) => (
            <figure className="gallery-slide">
              <img
                className="gallery-slide__media"
                src={event.image}
                alt={event.caption}
                width={640}
                height={360}
                loading={index === 0 ? undefined : 'lazy'}
              />
              <figcaption className="gallery-slide__caption" aria-hidden="true">
                {event.caption}
              </figcaption>
            </figure>
          )}
        />
      </div>
    </div>
  );
}

/** The before/after skin illustrations, a pair each. */
function BeforeAfter() {
  const messages = useMessages();
  const beforeAfter = useGalleryCopy();
  return (
    <section className="before-after" aria-labelledby="gallery-before-after">
      <h2 id="gallery-before-after">{messages.gallery.beforeAfterHeading}</h2>
      <p className="section__intro">{messages.gallery.beforeAfterNote}</p>
      <ul className="before-after__list">
        {beforeAfter.map((pair) => (
          <li key={pair.id} className="before-after__item">
            <h3 className="before-after__title">{pair.title}</h3>
            <p className="before-after__duration">{pair.duration}</p>
            <div className="before-after__pair">
              {(['before', 'after'] as const).map((when) => (
                <figure key={when} className="before-after__figure">
                  <img
                    src={pair[when].src}
                    alt={pair[when].alt}
                    width={pair[when].width}
                    height={pair[when].height}
                    loading="lazy"
                  />
                  <figcaption>{messages.gallery[when]}</figcaption>
                </figure>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function GalleryPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.gallery);
  return (
    <div className="page container">
      <h1>{messages.gallery.title}</h1>
      <p className="page__lead">{messages.gallery.intro}</p>

      <SiteOptionsGate>
        {({ events }) =>
          events.length === 0 ? (
            <p className="empty-state">{messages.spec.noEvents}</p>
          ) : (
            <EventCarousels events={events} />
          )
        }
      </SiteOptionsGate>

      <BeforeAfter />
    </div>
  );
}
