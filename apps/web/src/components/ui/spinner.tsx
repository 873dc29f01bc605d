import './spinner.css';

type SpinnerProps = {
  size?: 'small' | 'large';
  label?: string;
  /** Inside a busy button the button itself announces the state. */
  decorative?: boolean;
};

export function Spinner({ size = 'large', label = 'Loading…', decorative = false }: SpinnerProps) {
  if (decorative) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span className="spinner-wrap" role="status">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centered spinner with a visible caption, for pages and sections that are loading. */
export function LoadingBlock({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading-block" role="status">
      <span className="spinner spinner--large" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
