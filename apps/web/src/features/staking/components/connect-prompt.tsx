import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CONNECT_TO_STAKE } from '../model/staking-texts.ts';

/** A visitor without a wallet is asked to connect one (spec §2.13, §6). */
export function ConnectPrompt({
  onConnect,
  connecting,
  error,
}: {
  onConnect: () => void;
  connecting: boolean;
  error: string | null;
}) {
  return (
    <div className="staking-connect">
      <p>{CONNECT_TO_STAKE}</p>
      <Button onClick={onConnect} loading={connecting}>
        Connect wallet
      </Button>
      {error && (
        <Alert tone="error" title="Error">
          {error}
        </Alert>
      )}
    </div>
  );
}
