import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useResendActivation } from '../api/resend-activation.ts';

export function ResendActivation() {
  const resend = useResendActivation();
  return (
    <div className="stack">
      {resend.isSuccess && <Alert tone="success">{resend.data.msg}</Alert>}
      {resend.isError && <Alert tone="error">{messageOf(resend.error)}</Alert>}
      <div>
        <Button variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
          Resend verification e-mail
        </Button>
      </div>
    </div>
  );
}
