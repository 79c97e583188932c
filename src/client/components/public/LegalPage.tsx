import { Link } from '@tanstack/react-router';
import type { LegalSection } from '../../../shared/content/legal';
import { fillContent } from '../../../shared/content/site';
import { formatDate } from '../../../shared/format';
import { PageHead } from './PageHead';
import { PublicLayout } from './PublicLayout';
import { contentVars, usePublicSettings } from './settings';
import { BackHomeLink } from '../ui/BackHomeLink';

/** Terms and privacy: numbered sections, "last update" = today (docs/product/public-site-and-checkout.md §2), links to / and the other text. */
export function LegalPage({
  title,
  sections,
  other,
}: {
  title: string;
  sections: readonly LegalSection[];
  other: { to: '/termos' | '/privacidade'; label: string };
}) {
  const vars = contentVars(usePublicSettings());
  return (
    <PublicLayout title={title}>
      <PageHead eyebrow="Documentos" title={title}>
        <p>Última atualização: {formatDate(new Date())}</p>
      </PageHead>
      <div className="pub-section">
        <div className="pub-container pub-narrow legal">
          <nav aria-label="Seções" className="legal__toc">
            <h2>Nesta página</h2>
            <ol>
              {sections.map((section, i) => (
                <li key={section.title}>
                  <a href={`#secao-${i + 1}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((section, i) => (
            <section key={section.title} id={`secao-${i + 1}`} className="legal__section">
              <h2>
                {i + 1}. {section.title}
              </h2>
              {section.paragraphs.map((text) => (
                <p key={text}>{fillContent(text, vars)}</p>
              ))}
              {section.items && (
                <ul>
                  {section.items.map((text) => (
                    <li key={text}>{fillContent(text, vars)}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          <div className="legal__links">
            <BackHomeLink />
            <Link to={other.to} className="btn btn--secondary">
              {other.label}
            </Link>
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
