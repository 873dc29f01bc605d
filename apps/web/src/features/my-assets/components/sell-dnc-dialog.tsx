import { useDncListingInfo } from '../api/get-dnc-listing-info.ts';
import { ListDncDialog } from './list-dnc-dialog.tsx';

type SellDncDialogProps = { onClose: () => void; onListed: (msg: string) => void };

/**
 * "List DNC for sale" from outside My Assets (the owner page): the same dialog as the DNC
 * listing page, which reads the balance itself and says so while it does.
 */
export function SellDncDialog({ onClose, onListed }: SellDncDialogProps) {
  const info = useDncListingInfo();
  return <ListDncDialog open balance={info.data?.amount ?? null} unreadable={info.isError} onClose={onClose} onListed={onListed} />;
}
