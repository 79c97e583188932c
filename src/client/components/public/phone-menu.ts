/**
 * The public header's phone menu, the only implementation: the app's PublicFrame wires it to its
 * header once mounted, and the static pages' script (src/client/static-page/enhance.ts) to the
 * same markup, which works without React. A disclosure: the button opens and closes the navigation,
 * a link in it closes it, and Esc closes it and gives the focus back to the button.
 * Returns what undoes the wiring (the app's header unmounts).
 */
export function enhancePhoneMenu(toggle: HTMLButtonElement, nav: HTMLElement): () => void {
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
  return () => {
    toggle.removeEventListener('click', onToggle);
    nav.removeEventListener('click', onNavClick);
    document.removeEventListener('keydown', onKey);
  };
}
