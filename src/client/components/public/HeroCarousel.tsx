/**
 * The landing's hero: member scenes rotating every 5 seconds behind the headline (spec 01 §2).
 * - Dots choose a slide; a button pauses (WCAG 2.2.2); hovering or focusing the hero pauses too.
 * - With prefers-reduced-motion the slides do not rotate on their own and do not fade.
 * - Only the first image loads with the page; each next one is fetched shortly before it shows.
 */
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

export interface Slide {
  src: string;
  alt: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** How long before a slide shows its image starts loading. */
const PRELOAD_LEAD_MS = 1500;

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
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
  const [index, setIndex] = useState(0);
  /** Highest slide whose image may load (the first at once, later ones just before they show). */
  const [armed, setArmed] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !reducedMotion && !paused && !hovered && !focused;
  const count = slides.length;

  useEffect(() => {
    if (!rotating || count < 2) return;
    const next = (index + 1) % count;
    const preload = window.setTimeout(
      () => setArmed((value) => Math.max(value, next)),
      intervalMs - PRELOAD_LEAD_MS,
    );
    const advance = window.setTimeout(() => setIndex(next), intervalMs);
    return () => {
      window.clearTimeout(preload);
      window.clearTimeout(advance);
    };
  }, [rotating, index, count, intervalMs]);

  function show(target: number) {
    setArmed((value) => Math.max(value, target));
    setIndex(target);
  }

  return (
    <section
      className="hero"
      aria-roledescription="carrossel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="hero__slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div
            key={slide.src}
            className={`hero__slide${i === index ? ' hero__slide--active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} de ${count}`}
            aria-hidden={i !== index}
          >
            {i <= armed || i === index ? (
              <img
                src={slide.src}
                alt={slide.alt}
                width={1600}
                height={900}
                decoding="async"
                fetchPriority={i === 0 ? 'high' : 'low'}
              />
            ) : null}
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
              aria-current={i === index ? 'true' : undefined}
              onClick={() => show(i)}
            />
          ))}
        </div>
        {!reducedMotion && (
          <button type="button" className="hero__pause" onClick={() => setPaused((value) => !value)}>
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="currentColor">
              {paused ? <path d="M4 2.5v11l9-5.5z" /> : <path d="M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z" />}
            </svg>
            <span className="sr-only">{paused ? 'Retomar apresentação' : 'Pausar apresentação'}</span>
          </button>
        )}
      </div>
    </section>
  );
}
