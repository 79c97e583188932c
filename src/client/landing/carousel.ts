/**
 * The landing's hero carousel behaviour (docs/product/public-site-and-checkout.md §2), for the markup of HeroCarousel.tsx: the only
 * copy, used by the pre-rendered landing (enhance.ts) and by the app's fallback landing alike.
 * - Rotates every `data-carousel-interval` ms; dots choose a slide; a button pauses (WCAG 2.2.2);
 *   hovering or focusing the hero pauses too.
 * - With prefers-reduced-motion the slides do not rotate on their own (and CSS drops the fade).
 * - Only the first image comes with the page; each next one is created from its slide's
 *   `data-src`/`data-alt` shortly before it shows, or at once when its dot is chosen.
 * No framework: this runs on the static landing, whose budget has no room for one.
 */
export const CAROUSEL_TEXT = { pause: 'Pausar apresentação', resume: 'Retomar apresentação' } as const;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const DEFAULT_INTERVAL_MS = 5000;
/** How long before a slide shows its image starts loading. */
const PRELOAD_LEAD_MS = 1500;

/** Brings the carousel in `root` (the `.hero` section) to life; returns the undo (for React). */
export function enhanceCarousel(root: HTMLElement): () => void {
  const slides = [...root.querySelectorAll<HTMLElement>('.hero__slide')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('.hero__dot')];
  const slidesBox = root.querySelector<HTMLElement>('.hero__slides');
  const pauseButton = root.querySelector<HTMLButtonElement>('.hero__pause');
  const pauseLabel = pauseButton?.querySelector<HTMLElement>('.sr-only');
  const intervalMs = Number(root.dataset.carouselInterval) || DEFAULT_INTERVAL_MS;
  const motion = window.matchMedia(REDUCED_MOTION);
  const count = slides.length;

  let index = Math.max(
    0,
    slides.findIndex((slide) => slide.classList.contains('hero__slide--active')),
  );
  let hovered = false;
  let focused = false;
  let paused = false;
  let timers: number[] = [];

  const rotating = () => !motion.matches && !paused && !hovered && !focused;

  /** Lets slide `i` load its image: a copy of the first slide's <img> with this slide's source. */
  function arm(i: number) {
    const slide = slides[i];
    const model = root.querySelector<HTMLImageElement>('.hero__slide img');
    if (!slide || !model || slide.querySelector('img') || !slide.dataset.src) return;
    const image = model.cloneNode() as HTMLImageElement;
    image.src = slide.dataset.src;
    image.alt = slide.dataset.alt ?? '';
    image.fetchPriority = 'low';
    slide.append(image);
  }

  function render() {
    slides.forEach((slide, i) => {
      slide.classList.toggle('hero__slide--active', i === index);
      slide.setAttribute('aria-hidden', String(i !== index));
    });
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    // Announce slide changes only when they are not automatic.
    slidesBox?.setAttribute('aria-live', rotating() ? 'off' : 'polite');
    if (pauseButton) {
      pauseButton.hidden = motion.matches;
      pauseButton.dataset.paused = String(paused);
      if (pauseLabel) pauseLabel.textContent = paused ? CAROUSEL_TEXT.resume : CAROUSEL_TEXT.pause;
    }
  }

  /** Shows the current state and (re)starts the wait for the next slide, as every change does. */
  function update() {
    render();
    timers.forEach((timer) => window.clearTimeout(timer));
    timers = [];
    if (!rotating() || count < 2) return;
    const next = (index + 1) % count;
    timers.push(
      window.setTimeout(() => arm(next), intervalMs - PRELOAD_LEAD_MS),
      window.setTimeout(() => show(next), intervalMs),
    );
  }

  function show(target: number) {
    arm(target);
    index = target;
    update();
  }

  /** A listener that changes the state, then updates. */
  const changing = (change: (event: Event) => void) => (event: Event) => {
    change(event);
    update();
  };
  const listeners: [EventTarget, string, EventListener][] = [
    [root, 'mouseenter', changing(() => (hovered = true))],
    [root, 'mouseleave', changing(() => (hovered = false))],
    [root, 'focusin', changing(() => (focused = true))],
    // Focus moving between the hero's own controls keeps it paused.
    [
      root,
      'focusout',
      changing((event) => (focused = root.contains((event as FocusEvent).relatedTarget as Node | null))),
    ],
    [motion, 'change', update],
    ...dots.map((dot, i): [EventTarget, string, EventListener] => [dot, 'click', () => show(i)]),
  ];
  if (pauseButton) listeners.push([pauseButton, 'click', changing(() => (paused = !paused))]);

  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
  update();
  return () => {
    timers.forEach((timer) => window.clearTimeout(timer));
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
  };
}
