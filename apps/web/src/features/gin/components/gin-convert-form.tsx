import { GinTotalSchema } from '@starport/schemas';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';

export type GinConvertFormProps = {
  /** DNC per Gin (terms); null while the terms load */
  rate: number | null;
  /** the player's DNC balance; null while it loads or when it could not be read */
  balance: number | null;
  /** why converting is not possible now (no server support, no linked wallet), shown under Convert */
  blocked: ReactNode | null;
  /** a valid total was submitted: the network choice opens */
  onConvert: (total: number) => void;
};

/** The Gin a text asks for, or the field's error (owned-assets.md §5: "Invalid Gin Amount."). */
export function readGinTotal(text: string): { total: number } | { error: string } {
  const parsed = GinTotalSchema.safeParse(text.trim() === '' ? undefined : text.trim());
  return parsed.success ? { total: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'Invalid Gin Amount.' };
}

/**
 * "Total Gin", what it converts to, the DNC balance and Convert (owned-assets.md §2.11). The
 * error sits on the field and focus moves to it, so a screen reader hears why Convert did nothing.
 */
export function GinConvertForm({ rate, balance, blocked, onConvert }: GinConvertFormProps) {
  const [text, setText] = useState('1');
  const errors = useFormErrors<'total'>();
  const blockedId = useId();
  const read = readGinTotal(text);
  const dnc = 'total' in read && rate !== null ? read.total * rate : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (errors.refuseIfAny({ total: 'error' in read ? read.error : undefined }) || !('total' in read)) return;
    onConvert(read.total);
  };

  return (
    <form className="gin-form" onSubmit={submit} aria-label="Convert Gin to DNC" {...errors.formProps}>
      <Input
        label="Total Gin"
        name="total"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={text}
        error={errors.fieldErrors.total}
        hint={rate === null ? null : `1 Gin = ${rate} DNC. Converting is final.`}
        onChange={(e) => setText(e.target.value)}
      />
      <dl className="gin-form__figures">
        <div>
          <dt>You receive</dt>
          <dd data-testid="gin-receive">{dnc === null ? '—' : `${dnc} DNC`}</dd>
        </div>
        <div>
          <dt>Your DNC balance</dt>
          <dd data-testid="gin-dnc-balance">{balance === null ? '—' : `${balance} DNC`}</dd>
        </div>
      </dl>
      <Button type="submit" disabled={blocked !== null} aria-describedby={blocked ? blockedId : undefined} data-testid="gin-convert">
        Convert
      </Button>
      {blocked && (
        <p id={blockedId} className="gin-form__blocked">
          {blocked}
        </p>
      )}
    </form>
  );
}
