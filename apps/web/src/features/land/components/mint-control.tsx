import { MINT_FAILED, MINT_NEEDS_WALLET, MINT_QUEUED, type LandCollectionView } from '@starport/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useAccountStore } from '../../../lib/account-store.ts';
import { useMintStatus } from '../api/get-mint-status.ts';
import { useMintCollection } from '../api/mint-collection.ts';
import { landKeys } from '../api/land-keys.ts';
import { MINTED, MINTING } from '../model/mint-state.ts';

/**
 * The mint button's three states (owned-assets.md §2.3, §4.1): "Mint NFT" while not minted,
 * "Minting ..." while the server mints (its state asked again with a growing pause), "NFT" once
 * minted, linking the transaction in the chain's explorer when the server names one. A failed
 * mint puts the collection back at 0 and says "Minting failed" with the reason.
 */
export function MintControl({ collection }: { collection: LandCollectionView }) {
  const noteId = useId();
  const mint = useMintCollection();
  const hasWallet = useAccountStore((s) => Boolean(s.user?.walletAddress));
  // Asked while minting (the poll), once minted (the explorer link), and after a request from here.
  const watched = collection.state === MINTING || collection.state === MINTED || mint.isSuccess;
  const status = useMintStatus(collection._id, watched);
  const state = status.data?.state ?? collection.state;
  const queryClient = useQueryClient();
  const settled = status.data && status.data.state !== MINTING && status.data.state !== collection.state;
  // The mint ended (minted, or failed back to 0): the lists read again, so frozen turns final or opens.
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: landKeys.all });
  }, [settled, queryClient]);

  if (state === MINTED) {
    const url = status.data?.tx_url;
    return (
      <span className="land-mint land-mint--done" data-testid="mint-state">
        {url ? <ExternalLink href={url}>NFT</ExternalLink> : 'NFT'}
      </span>
    );
  }
  if (state === MINTING || (mint.isSuccess && !status.data))
    return (
      <span className="land-mint land-mint--busy" data-testid="mint-state">
        Minting ...
        {mint.isSuccess && (
          <span role="status" className="land-muted">
            {' '}
            {MINT_QUEUED}
          </span>
        )}
      </span>
    );

  const failure = mint.isError ? messageOf(mint.error) : status.data?.failure;
  const note = !collection.allow_mint ? 'Add plots to this collection to mint it.' : !hasWallet ? MINT_NEEDS_WALLET : null;
  return (
    <span className="land-mint" data-testid="mint-state">
      <Button
        variant="secondary"
        disabled={!collection.allow_mint}
        loading={mint.isPending}
        aria-describedby={note ? noteId : undefined}
        aria-label={`Mint NFT: ${collection.name}`}
        onClick={() => mint.mutate(collection._id)}
      >
        Mint NFT
      </Button>
      {note && (
        <span id={noteId} className="land-muted">
          {note}
        </span>
      )}
      {failure && (
        <span role="alert" className="land-frozen">
          {MINT_FAILED}: {failure}
        </span>
      )}
    </span>
  );
}
