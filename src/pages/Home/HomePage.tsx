/**
 * Home (spec §2): image carousel, about, treatment cards, doctor promo, why homeopathy,
 * insight-video carousel and testimonials carousel. Part of the first chunk, so it uses no
 * animation library: slides move with a CSS transition.
 */
import { useRef } from 'react';
import { imageCarouselMs, testimonialCarouselMs, videoCarouselMs } from '../../app/constants';
import { useNearViewport } from '../../app/useNearViewport';
import { usePageTitle } from '../../app/usePageTitle';
import { Carousel } from '../../components/Carousel/Carousel';
import { Link } from '../../components/Link/Link';
import { preloadPopup, usePopup } from '../../components/Popup/popups';
import { SiteOptionsGate } from '../../components/SiteOptionsStatus/SiteOptionsGate';
import { useHomeContent } from '../../content/home';
import { useMessages } from '../../i18n/shell';
import './HomePage.css';

export function HomePage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.home);
  return (
    <>
      <Hero />
      <AboutSection />
      <TreatmentsSection />
      <DoctorPromo />
      <WhyHomeopathy />
      <InsightVideos />
      <Testimonials />
    </>
  );
}

/** Book Appointment; `soonest`: "Consult online now", the popup opened on the soonest online doctors. */
function BookButton({ className = 'button button--accent', soonest = false }: { className?: string; soonest?: boolean }) {
  const messages = useMessages();
  const popup = usePopup();
  return (
    <button
      type="button"
      className={className}
      onClick={() => popup.open('booking', soonest ? { soonest } : undefined)}
      onPointerEnter={preloadPopup}
      onFocus={preloadPopup}
    >
      {soonest ? messages.home.consultOnline : messages.nav.bookAppointment}
    </button>
  );
}

function Hero() {
  const { heroIntro, heroSlides } = useHomeContent();
  const messages = useMessages();
  return (
    <section className="hero" aria-labelledby="home-title">
      <div className="container hero__inner">
        <div className="hero__intro">
          <h1 id="home-title" className="hero__title">
            {heroIntro.title}
          </h1>
          <p className="hero__lead">{heroIntro.lead}</p>
          <div className="hero__actions">
            <BookButton />
            <BookButton soonest className="button button--primary" />
          </div>
          {/* The two ways to book are the buttons; the treatments (also in the menu above) are a
              quieter link on its own line, so the buttons keep one row beside the carousel. */}
          <p className="hero__more">
            <Link to="/ourtreatment">{messages.nav.treatments}</Link>
          </p>
        </div>
        <Carousel
          className="hero__carousel"
          label={messages.home.heroCarouselLabel}
          items={heroSlides}
          intervalMs={imageCarouselMs}
          getKey={(slide) => slide.id}
          renderSlide={(slide, { index }) => (
            <figure className="hero-slide">
              <img
                className="hero-slide__image"
                src={slide.image.src}
                alt={slide.image.alt}
                width={slide.image.width}
                height={slide.image.height}
                // The first slide is the page's largest image: load it first; the rest when needed.
                {...(index === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
              />
              <figcaption className="hero-slide__caption">
                <strong className="hero-slide__heading">{slide.heading}</strong>
                <span>{slide.text}</span>
              </figcaption>
            </figure>
          )}
        />
      </div>
    </section>
  );
}

function AboutSection() {
  const { about } = useHomeContent();
  return (
    <section className="section" aria-labelledby="home-about">
      <div className="container split">
        <div>
          <h2 id="home-about">{about.heading}</h2>
          {about.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
          <Link to="/aboutus">{about.linkText}</Link>
        </div>
        <img
          className="split__image"
          src={about.image.src}
          alt={about.image.alt}
          width={about.image.width}
          height={about.image.height}
          loading="lazy"
        />
      </div>
    </section>
  );
}

function TreatmentsSection() {
  const { treatmentCards } = useHomeContent();
  const messages = useMessages();
  return (
    <section className="section section--tint" aria-labelledby="home-treatments">
      <div className="container">
        <h2 id="home-treatments">{messages.home.treatmentsHeading}</h2>
        <p className="section__intro">{messages.home.treatmentsIntro}</p>
        <ul className="card-grid">
          {treatmentCards.map((card) => (
            <li key={card.id} className="card">
              <img
                className="card__image"
                src={card.image.src}
                alt=""
                width={card.image.width}
                height={card.image.height}
                loading="lazy"
              />
              <div className="card__body">
                <h3 className="card__title">
                  <Link to={`/ourtreatment#${card.id}`} className="card__link">
                    {card.title}
                  </Link>
                </h3>
                <p>{card.text}</p>
                <span className="card__more" aria-hidden="true">
                  {messages.home.readMore} →
                </span>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function DoctorPromo() {
  const { doctorPromo } = useHomeContent();
  const messages = useMessages();
  return (
    <section className="section" aria-labelledby="home-doctor">
      <div className="container promo">
        <img
          className="promo__image"
          src={doctorPromo.image.src}
          alt={doctorPromo.image.alt}
          width={doctorPromo.image.width}
          height={doctorPromo.image.height}
          loading="lazy"
        />
        <div>
          <h2 id="home-doctor">{doctorPromo.heading}</h2>
          <p className="promo__role">{doctorPromo.role}</p>
          <p>{doctorPromo.text}</p>
          <div className="hero__actions">
            <BookButton />
            <Link className="button button--outline" to="/teams">
              {messages.teams.title}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

function WhyHomeopathy() {
  const { whyHomeopathy } = useHomeContent();
  return (
    <section className="section section--sand" aria-labelledby="home-why">
      <div className="container">
        <h2 id="home-why">{whyHomeopathy.heading}</h2>
        <ul className="points">
          {whyHomeopathy.points.map((point) => (
            <li key={point.title} className="points__item">
              <h3 className="points__title">{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
        <p className="notice">{whyHomeopathy.emergencyNote}</p>
      </div>
    </section>
  );
}

function InsightVideos() {
  const { insightVideos } = useHomeContent();
  const messages = useMessages();
  const section = useRef<HTMLElement>(null);
  // Far below the first screen: the posters wait until the section comes near.
  const showPosters = useNearViewport(section);
  return (
    <section ref={section} className="section" aria-labelledby="home-insights">
      <div className="container">
        <h2 id="home-insights">{messages.home.insightsHeading}</h2>
        <p className="section__intro">{messages.home.insightsIntro}</p>
        <Carousel
          className="video-carousel"
          label={messages.home.insightsCarouselLabel}
          items={insightVideos}
          intervalMs={videoCarouselMs}
          getKey={(video) => video.id}
          renderSlide={(video) => (
            <figure className="video-slide">
              <video
                className="video-slide__video"
                controls
                preload="none"
                poster={showPosters ? video.poster : undefined}
                width={640}
                height={360}
                aria-label={video.title}
              >
                <source src={video.src} type="video/webm" />
                {messages.home.videoNotSupported}
              </video>
              <figcaption className="video-slide__caption">
                <strong className="video-slide__title">{video.title}</strong>
                <span>{video.text}</span>
              </figcaption>
            </figure>
          )}
        />
      </div>
    </section>
  );
}

function Testimonials() {
  const messages = useMessages();
  return (
    <section className="section section--tint" aria-labelledby="home-testimonials">
      <div className="container">
        <h2 id="home-testimonials">{messages.home.testimonialsHeading}</h2>
        <SiteOptionsGate>
          {({ testimonials }) =>
            testimonials.length === 0 ? (
              <p className="empty-state">{messages.spec.noTestimonials}</p>
            ) : (
              <Carousel
                className="testimonial-carousel"
                label={messages.home.testimonialsCarouselLabel}
                items={testimonials}
                intervalMs={testimonialCarouselMs}
                getKey={(t) => t._id}
                renderSlide={(t) => (
                  <figure className="testimonial">
                    <img
                      className="testimonial__image"
                      src={t.image}
                      alt=""
                      width={96}
                      height={96}
                      loading="lazy"
                    />
                    <blockquote className="testimonial__quote">
                      <p>{t.description}</p>
                    </blockquote>
                    <figcaption className="testimonial__by">
                      <strong>{t.name}</strong>
                      <span>{t.subject}</span>
                    </figcaption>
                  </figure>
                )}
              />
            )
          }
        </SiteOptionsGate>
      </div>
    </section>
  );
}
