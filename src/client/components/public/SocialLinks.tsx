import type { PublicSettingsText } from '../../../shared/public-settings';

const ICONS = {
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </>
  ),
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="M10 9l5 3-5 3z" fill="currentColor" stroke="none" />
    </>
  ),
  vivino: (
    <>
      <path d="M7 3h10c0 5-1.5 8-5 8.5C8.5 11 7 8 7 3z" />
      <path d="M12 11.5V19M8 21h8" />
    </>
  ),
} as const;

/** The club's three social profiles (links from the settings store). */
export function SocialLinks({
  settings,
  variant,
}: {
  settings: Pick<PublicSettingsText, 'instagramHandle' | 'instagramUrl' | 'youtubeUrl' | 'vivinoUrl'>;
  variant: 'footer' | 'section';
}) {
  const links = [
    { key: 'instagram', label: 'Instagram', detail: settings.instagramHandle, href: settings.instagramUrl },
    { key: 'youtube', label: 'YouTube', detail: 'Aulas e degustações', href: settings.youtubeUrl },
    { key: 'vivino', label: 'Vivino', detail: 'Avaliações do fundador', href: settings.vivinoUrl },
  ] as const;
  return (
    <ul className={`social social--${variant}`}>
      {links.map((link) => (
        <li key={link.key}>
          <a href={link.href} target="_blank" rel="noopener noreferrer" className="social__link">
            <svg
              viewBox="0 0 24 24"
              width="22"
              height="22"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              {ICONS[link.key]}
            </svg>
            <span className="social__label">
              {link.label}
              {variant === 'section' && <small>{link.detail}</small>}
            </span>
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
