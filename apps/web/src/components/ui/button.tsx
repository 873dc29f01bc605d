import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** The button look, also used on router links that should read as a call to action. */
export const buttonClass = (variant: ButtonVariant = 'primary', extra?: string): string =>
  ['btn', `btn--${variant}`, extra].filter(Boolean).join(' ');

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Shows a spinner and blocks double submits while a request runs. */
  loading?: boolean;
};

export function Button({
  variant = 'primary',
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="small" decorative />}
      {children}
    </button>
  );
}
