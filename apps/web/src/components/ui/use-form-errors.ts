import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';

/** One message per field that has a problem; fields without one are absent. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

type Shown<Field extends string> = {
  fields: FieldErrors<Field>;
  /** A problem of the whole form (wrong login, network): the alert above the fields. */
  form: string | null;
  /** Bumped on every refusal, so focus moves again even when the messages are the same. */
  refusals: number;
};

const FORM_ALERT = '[data-form-alert]';

/**
 * Moves focus to what a refused submit must show first: the first invalid field in page order,
 * else the form's alert. Without it focus stays on the submit button and a screen reader user
 * hears nothing of what went wrong (WCAG 3.3.1).
 */
export function focusFirstProblem(form: HTMLElement | null): void {
  const target =
    form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>(FORM_ALERT);
  target?.focus();
}

const withMessages = <Field extends string>(errors: FieldErrors<Field>): FieldErrors<Field> =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors<Field>;

/**
 * The errors of one form. Field errors are shown on their fields (Input's and Checkbox's `error`),
 * all at once; one about no field goes to the form's FormAlert. Editing a field clears its error.
 * Spread `formProps` on the <form>.
 */
export function useFormErrors<Field extends string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [shown, setShown] = useState<Shown<Field>>({ fields: {}, form: null, refusals: 0 });

  useEffect(() => {
    if (shown.refusals > 0) focusFirstProblem(formRef.current);
  }, [shown.refusals]);

  const refuse = useCallback((fields: FieldErrors<Field>, form: string | null = null) => {
    setShown((last) => ({ fields: withMessages(fields), form, refusals: last.refusals + 1 }));
  }, []);

  /** Shows the client's findings and returns true, or clears the last errors and returns false. */
  const refuseIfAny = useCallback(
    (found: FieldErrors<Field>): boolean => {
      if (Object.keys(withMessages(found)).length > 0) {
        refuse(found);
        return true;
      }
      setShown((last) => ({ ...last, fields: {}, form: null }));
      return false;
    },
    [refuse],
  );

  /** A refusal of the server: on the field it is about, or (field undefined) in the form's alert. */
  const refuseFromServer = useCallback(
    (field: Field | undefined, message: string) =>
      field ? refuse({ [field]: message } as FieldErrors<Field>) : refuse({}, message),
    [refuse],
  );

  const onChange = useCallback((event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    if (typeof name !== 'string') return;
    setShown((last) => {
      if (!(name in last.fields)) return last;
      const { [name as Field]: _cleared, ...rest } = last.fields;
      return { ...last, fields: rest as FieldErrors<Field> };
    });
  }, []);

  return {
    fieldErrors: shown.fields,
    formError: shown.form,
    refuseIfAny,
    refuseFromServer,
    formProps: { ref: formRef, onChange, noValidate: true },
  };
}
