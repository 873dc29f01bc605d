import type { FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input, TextArea } from '../../../components/ui/input.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useSendContact } from '../api/send-contact.ts';

/**
 * The contact form of the contact page and the landing page. The server validates the fields
 * and rate-limits (429); its msg is shown either way.
 */
export function ContactForm() {
  const contact = useSendContact();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    contact.mutate(
      { name: text('name'), email: text('email'), message: text('message') },
      { onSuccess: () => formElement.reset() },
    );
  };

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      {contact.isError && <Alert tone="error">{messageOf(contact.error)}</Alert>}
      {contact.isSuccess && <Alert tone="success">{contact.data.msg}</Alert>}
      <Input label="Name" name="name" autoComplete="name" maxLength={100} required />
      <Input label="E-mail" name="email" type="email" autoComplete="email" maxLength={254} required />
      <TextArea label="Message" name="message" maxLength={5000} required />
      <Button type="submit" loading={contact.isPending}>
        Send message
      </Button>
    </form>
  );
}
