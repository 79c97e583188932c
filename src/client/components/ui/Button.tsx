import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
  size?: 'md' | 'sm';
  /** Shows a spinner and the busy label, and disables the button. */
  loading?: boolean;
  loadingLabel?: ReactNode;
}

/** Class names of a button, for links that must look like one. */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  options: { block?: boolean; size?: 'md' | 'sm' } = {},
) {
  return ['btn', `btn--${variant}`, options.block && 'btn--block', options.size === 'sm' && 'btn--sm']
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant = 'primary',
  block,
  size,
  loading = false,
  loadingLabel,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={[buttonClass(variant, { block, size }), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="spinner" aria-hidden="true" />}
      {loading && loadingLabel ? loadingLabel : children}
    </button>
  );
}
