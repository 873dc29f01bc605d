import type { ReactNode } from 'react';
import './alert.css';

type AlertProps = {
  tone?: 'error' | 'success' | 'info' | 'warning';
  title?: string;
  children?: ReactNode;
  /** Without it the alert cannot be closed (e.g. an invalid reset key, spec §8). */
  onDismiss?: () => void;
  className?: string;
};

export function Alert({ tone = 'info', title, children, onDismiss, className }: AlertProps) {
  // Errors interrupt the screen reader; good news waits its turn.
  const role = tone === 'error' || tone === 'warning' ? 'alert' : 'status';
  return (
    <div role={role} className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}>
      <div className="alert__body">
        {title && <p className="alert__title">{title}</p>}
        {children && <div className="alert__text">{children}</div>}
      </div>
      {onDismiss && (
        <button type="button" className="alert__close" onClick={onDismiss} aria-label="Dismiss">
          ×
        </button>
      )}
    </div>
  );
}
