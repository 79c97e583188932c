import { Link } from '@tanstack/react-router';
import { buttonClass } from './Button';

/**
 * "Voltar ao início" as a button, for the pages that end with it (about, legal, 404): the landing,
 * loaded as a document of its own (ADR 006). A module of its own: the 404 page is part of the app's
 * entry, and importing it from the public frame's modules would load that frame, its settings and
 * its stylesheet on every app page (/login went from 143.9 to 153.7 KB on the wire).
 */
export function BackHomeLink() {
  return (
    <Link to="/" reloadDocument className={buttonClass('primary')}>
      Voltar ao início
    </Link>
  );
}
