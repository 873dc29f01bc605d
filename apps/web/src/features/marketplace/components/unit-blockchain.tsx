import type { UnitCollection } from '@starport/schemas';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { shortenAddress } from '../../../lib/format.ts';

/**
 * Blockchain Details: the contract (first 6 and last 4 characters, linked to the explorer),
 * ERC1155 and the chain, all from the server's configuration. The link's name starts with the
 * short address it shows, so a speech user can say what they see (WCAG 2.5.3). Before the contract is deployed
 * the page says so instead of showing a made-up address.
 */
export function UnitBlockchain({ collection }: { collection: UnitCollection | undefined }) {
  const address = collection?.contract_address ?? null;
  const explorer = collection?.explorer_url ?? null;
  return (
    <>
      <dl className="unit-chain">
        <div>
          <dt>Contract Address</dt>
          <dd data-field="contract">
            {!address ? (
              'Not deployed yet'
            ) : explorer ? (
              <ExternalLink href={explorer} title={address}>
                {shortenAddress(address, 6, 4)}
                <span className="sr-only">, the contract on the block explorer</span>
              </ExternalLink>
            ) : (
              <span title={address}>{shortenAddress(address, 6, 4)}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Token Standard</dt>
          <dd>{collection?.token_standard ?? 'ERC1155'}</dd>
        </div>
        <div>
          <dt>Chain</dt>
          <dd>{collection?.chain ?? '—'}</dd>
        </div>
      </dl>
      {!address && (
        <p className="muted">
          The container-house contract is not deployed yet. Its address will be shown here, with a link to the block explorer, as soon as
          the pieces are on chain.
        </p>
      )}
    </>
  );
}
