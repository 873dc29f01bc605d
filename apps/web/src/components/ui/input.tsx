import { useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import './field.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  name: string;
  hint?: ReactNode;
  /** This field's own error, shown under it and announced with it (aria-invalid, aria-describedby). */
  error?: string | null;
};

/**
 * A labelled text input. For type="password" it adds a Show/Hide toggle whose accessible name
 * comes from its text ("Show password"), not aria-label, so getByLabel('Password') stays unique.
 */
export function Input({ label, hint, error, type = 'text', className, ...rest }: InputProps) {
  const id = useId();
  const { hintId, errorId, describedBy } = describedIds(id, error, hint);
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          className="field__input"
          type={isPassword && revealed ? 'text' : type}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            className="field__toggle"
            aria-controls={id}
            aria-pressed={revealed}
            onClick={() => setRevealed((value) => !value)}
          >
            {/* Sighted users read the verb; assistive tech and tests get "Show password". */}
            <span aria-hidden="true">{revealed ? 'Hide' : 'Show'}</span>
            <span className="sr-only">{`${revealed ? 'Hide' : 'Show'} ${label.toLowerCase()}`}</span>
          </button>
        )}
      </div>
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

/** The ids a field's error and hint take, and the aria-describedby naming those present (error first). */
function describedIds(id: string, error: string | null | undefined, hint: ReactNode) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, describedBy };
}

type FieldNotesProps = { hintId: string; hint: ReactNode; errorId: string; error: string | null | undefined };

function FieldNotes({ hintId, hint, errorId, error }: FieldNotesProps) {
  return (
    <>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </>
  );
}

/** A field's error under it; the field points at it with aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="field__error" data-testid="field-error">
      {children}
    </p>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  name: string;
  hint?: ReactNode;
  /** As on Input: shown under it, announced with it. */
  error?: string | null;
};

export function TextArea({ label, hint, error, className, ...rest }: TextAreaProps) {
  const id = useId();
  const { hintId, errorId, describedBy } = describedIds(id, error, hint);
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__input field__input--area"
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        {...rest}
      />
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}
