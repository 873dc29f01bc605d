import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './field.css';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  name: string;
  /** The label; may contain links (e.g. to the terms). */
  children: ReactNode;
};

export function Checkbox({ children, className, ...rest }: CheckboxProps) {
  const id = useId();
  return (
    <div className={['checkbox', className].filter(Boolean).join(' ')}>
      <input id={id} type="checkbox" className="checkbox__input" {...rest} />
      <label htmlFor={id} className="checkbox__label">
        {children}
      </label>
    </div>
  );
}
