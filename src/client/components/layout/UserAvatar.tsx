/** The round badge with a person's initial (decorative: the name is always written beside it). */
export function UserAvatar({ name, className = '' }: { name: string; className?: string }) {
  const initial = name.trim().charAt(0).toLocaleUpperCase('pt-BR') || '?';
  return (
    <span className={`avatar ${className}`.trim()} aria-hidden="true">
      {initial}
    </span>
  );
}
