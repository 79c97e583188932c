import type { FormEvent, ReactNode } from 'react';

/**
 * A card of the member area that is one form, named by its title for assistive technology. The
 * form's schema gives the messages (`noValidate`); `onSubmit` is the form's handler (react-hook-form's
 * `handleSubmit`), whose failures the card shows itself.
 */
export function MemberCardForm({
  titleId,
  title,
  onSubmit,
  children,
}: {
  titleId: string;
  title: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      className="card member-card form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby={titleId}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </form>
  );
}
