import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError } from './input.tsx';
import './field.css';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  name: string;
  /** The label; may contain links (e.g. to the terms). */
  children: ReactNode;
  /** Its own error, shown under it (aria-invalid, aria-describedby). */
  error?: string | null;
};

export function Checkbox({ children, className, error, ...rest }: CheckboxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  // One shape with or without the error, so the box is never remounted (its ticked state kept).
  return (
    <>
      <div className={['checkbox', className].filter(Boolean).join(' ')}>
        <input
          id={id}
          type="checkbox"
          className="checkbox__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        />
        <label htmlFor={id} className="checkbox__label">
          {children}
        </label>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </>
  );
}
