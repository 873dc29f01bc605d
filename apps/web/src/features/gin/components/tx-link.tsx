import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { shortenAddress } from '../../../lib/format.ts';

/** A transaction: linked to the chain's explorer when the server knows one, else its hash as text. */
export function TxLink({ txh, url }: { txh: string | null; url: string | null }) {
  if (!txh) return null;
  if (!url) return <code title={txh}>{shortenAddress(txh, 8, 6)}</code>;
  return (
    <ExternalLink href={url} data-testid="gin-tx-link">
      View transaction {shortenAddress(txh, 8, 6)}
    </ExternalLink>
  );
}
