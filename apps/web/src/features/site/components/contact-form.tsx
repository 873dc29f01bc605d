import type { FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input, TextArea } from '../../../components/ui/input.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useSendContact } from '../api/send-contact.ts';
import { contactErrors, contactFieldOf, type ContactField } from '../model/contact-fields.ts';

/**
 * The contact form of the contact page and the landing page. Errors sit on their fields; the
 * rate limit (429) and the network go in the form's alert.
 */
export function ContactForm() {
  const contact = useSendContact();
  const errors = useFormErrors<ContactField>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (name: ContactField) => String(form.get(name) ?? '').trim();
    const input = { name: text('name'), email: text('email'), message: text('message') };
    if (errors.refuseIfAny(contactErrors(input))) {
      contact.reset();
      return;
    }
    contact.mutate(input, {
      onSuccess: () => formElement.reset(),
      onError: (error) => errors.refuseFromServer(contactFieldOf(error), messageOf(error)),
    });
  };

  const { fieldErrors } = errors;
  return (
    <form className="stack" onSubmit={onSubmit} {...errors.formProps}>
      <FormAlert message={errors.formError} />
      {contact.isSuccess && <Alert tone="success">{contact.data.msg}</Alert>}
      <Input label="Name" name="name" autoComplete="name" maxLength={100} required error={fieldErrors.name} />
      <Input
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        required
        error={fieldErrors.email}
      />
      <TextArea label="Message" name="message" maxLength={5000} required error={fieldErrors.message} />
      <Button type="submit" loading={contact.isPending}>
        Send message
      </Button>
    </form>
  );
}
