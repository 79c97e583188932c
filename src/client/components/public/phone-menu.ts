/**
 * The public header's phone menu on the pages served without the app (src/client/static-page/
 * enhance.ts; they have no React, ADR 040), driving the markup PublicFrame draws. In the app the
 * header holds the same disclosure in React state. The button opens and closes the navigation, a
 * link in it closes it, and Esc closes it and gives the focus back to the button.
 */
export function enhancePhoneMenu(toggle: HTMLButtonElement, nav: HTMLElement): void {
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('pub-nav--open', open);
  };
  const onToggle = () => setOpen(!isOpen());
  const onNavClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    toggle.focus();
  };
  toggle.addEventListener('click', onToggle);
  nav.addEventListener('click', onNavClick);
  document.addEventListener('keydown', onKey);
}
