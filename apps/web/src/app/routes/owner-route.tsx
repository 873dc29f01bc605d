import { SellDncDialog } from '../../features/my-assets/components/sell-dnc-dialog.tsx';
import OwnerPage, { type DncForSaleSlot } from '../../features/owner/pages/owner-page.tsx';

/**
 * /dashboard with My Assets' DNC-for-sale dialog (spec §2.2): the two areas do not import each
 * other, so the page is composed here.
 */
const dncForSale: DncForSaleSlot = ({ onClose, onListed }) => <SellDncDialog onClose={onClose} onListed={onListed} />;

export default function OwnerRoute() {
  return <OwnerPage renderDncForSale={dncForSale} />;
}
