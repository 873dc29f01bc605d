import type { LandCollectionView } from '@starport/schemas';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { MINTED, MINTING } from '../model/mint-state.ts';

/**
 * The mint button's three states, read from the collection (owned-assets.md §2.3). Asking for
 * a mint is the NFT minting issue's (19): until it ships the button says so instead of
 * pretending to mint.
 */
export function MintControl({ collection }: { collection: LandCollectionView }) {
  const noteId = useId();
  if (collection.state === MINTED)
    return (
      <span className="land-mint land-mint--done" data-testid="mint-state">
        NFT
      </span>
    );
  if (collection.state === MINTING)
    return (
      <span className="land-mint land-mint--busy" data-testid="mint-state">
        Minting ...
      </span>
    );
  return (
    <span className="land-mint" data-testid="mint-state">
      <Button variant="secondary" disabled aria-describedby={noteId}>
        Mint NFT
      </Button>
      <span id={noteId} className="land-muted">
        Minting opens with the NFT release.
      </span>
    </span>
  );
}
