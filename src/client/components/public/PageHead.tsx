import type { ReactNode } from 'react';

/** The heading band of an inner public page. */
export function PageHead({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="page-head">
      <div className="pub-container">
        {eyebrow && <p className="eyebrow eyebrow--light">{eyebrow}</p>}
        <h1>{title}</h1>
        {children && <div className="page-head__intro">{children}</div>}
      </div>
    </header>
  );
}
