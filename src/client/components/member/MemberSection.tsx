import type { ReactNode } from 'react';
import { EmptyState } from '../ui/EmptyState';

/** A member page: its title (the page's h1) and its content, empty until a feature fills it. */
export function MemberSection({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="member-section" aria-labelledby="member-section-title">
      <h1 id="member-section-title">{title}</h1>
      {children ?? <EmptyState />}
    </section>
  );
}
