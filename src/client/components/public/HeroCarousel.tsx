/**
 * The landing's hero: member scenes behind the headline (docs/product/public-site-and-checkout.md §2). Markup only, showing the
 * first slide; the behaviour (rotation every `intervalMs`, dots, pause, lazy images) is
 * src/client/landing/carousel.ts, which works on this markup in the pre-rendered landing and in
 * the app alike. Slides after the first carry their image as data-src/data-alt, so they load only
 * when the carousel is about to show them.
 */
import type { ReactNode } from 'react';
import { CAROUSEL_TEXT } from '../../landing/carousel';

export interface Slide {
  src: string;
  alt: string;
}

export function HeroCarousel({
  slides,
  intervalMs,
  label,
  children,
}: {
  slides: readonly Slide[];
  intervalMs: number;
  label: string;
  children: ReactNode;
}) {
  const count = slides.length;
  return (
    <section
      className="hero"
      aria-roledescription="carrossel"
      aria-label={label}
      data-carousel-interval={intervalMs}
    >
      <div className="hero__slides" aria-live="off">
        {slides.map((slide, i) => (
          <div
            key={slide.src}
            className={`hero__slide${i === 0 ? ' hero__slide--active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} de ${count}`}
            aria-hidden={i !== 0}
            data-src={i === 0 ? undefined : slide.src}
            data-alt={i === 0 ? undefined : slide.alt}
          >
            {i === 0 && (
              <img
                src={slide.src}
                alt={slide.alt}
                width={1600}
                height={900}
                decoding="async"
                fetchPriority="high"
              />
            )}
          </div>
        ))}
      </div>
      <div className="hero__scrim" aria-hidden="true" />
      <div className="hero__content">{children}</div>
      <div className="hero__controls">
        <div className="hero__dots">
          {slides.map((slide, i) => (
            <button
              key={slide.src}
              type="button"
              className="hero__dot"
              aria-label={`Mostrar foto ${i + 1} de ${count}`}
              aria-current={i === 0 ? 'true' : undefined}
            />
          ))}
        </div>
        {/* Shown by the carousel script unless the visitor prefers reduced motion. */}
        <button type="button" className="hero__pause" data-paused="false" hidden>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="currentColor">
            <path className="hero__pause-icon" d="M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z" />
            <path className="hero__play-icon" d="M4 2.5v11l9-5.5z" />
          </svg>
          <span className="sr-only">{CAROUSEL_TEXT.pause}</span>
        </button>
      </div>
    </section>
  );
}
