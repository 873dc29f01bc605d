import { REDEEM_NO_CODE_MSG, type Redemption } from '@starport/schemas';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { OpeningsList } from '../../../components/box-openings/box-openings.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { ApiError, messageOf } from '../../../lib/api-error.ts';
import { useRedeemCode } from '../api/redeem-code.ts';
import { RedemptionsList } from '../components/redemptions-list.tsx';
import { grantLink } from '../model/grant-link.ts';
import './redeem.css';

type Field = 'code';

/** Refusals about the code itself (unknown, expired, used up, redeemed already, malformed) go on its field. */
const isAboutTheCode = (error: unknown) => error instanceof ApiError && [400, 404, 409].includes(error.status);

/** /my/redeem (guarded): type a code, receive what it grants, and see the codes redeemed before. */
export default function RedeemPage() {
  const redeem = useRedeemCode();
  const errors = useFormErrors<Field>();
  const [granted, setGranted] = useState<{ msg: string; redemption: Redemption } | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const code = String(new FormData(formElement).get('code') ?? '').trim();
    setGranted(null);
    if (errors.refuseIfAny({ code: code ? undefined : REDEEM_NO_CODE_MSG })) return;
    redeem.mutate(
      { code },
      {
        onSuccess: (answer) => {
          formElement.reset();
          setGranted({ msg: answer.msg, redemption: answer.redemption });
        },
        onError: (error) => errors.refuseFromServer(isAboutTheCode(error) ? 'code' : undefined, messageOf(error)),
      },
    );
  };

  const link = granted && grantLink(granted.redemption);
  return (
    <div className="page redeem">
      <h1>Redeem a code</h1>
      <p className="redeem-muted">A code from Starport gives you DNC, a spaceship or blind boxes, opened for you at once. Each code works once for you.</p>
      <form className="redeem-form" onSubmit={onSubmit} {...errors.formProps}>
        <FormAlert message={errors.formError} />
        {granted && link && (
          <Alert tone="success" title={granted.msg}>
            {granted.redemption.box && <OpeningsList name={granted.redemption.box.name} openings={granted.redemption.box.openings} />}
            <p className="redeem-grant-link">
              <Link to={link.href}>{link.text}</Link>
            </p>
          </Alert>
        )}
        <Input label="Code" name="code" autoComplete="off" autoCapitalize="characters" spellCheck={false} required error={errors.fieldErrors.code} />
        <Button type="submit" loading={redeem.isPending}>
          Redeem
        </Button>
      </form>
      <section aria-labelledby="redeem-history-title">
        <h2 id="redeem-history-title">Your redeemed codes</h2>
        <RedemptionsList />
      </section>
    </div>
  );
}
