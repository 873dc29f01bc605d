import { LandCreditTopUp, TopUpReturnNotice } from '../../features/checkout/components/land-credit-top-up.tsx';
import MyLandPage from '../../features/land/pages/my-land-page.tsx';

/**
 * /assets, My Land. Composed here because the land-credit top-up belongs to the checkout area
 * and features do not import each other: the top-up goes into the map's `topUp` slot (beside the purchase total, which shows the balance), and the
 * outcome of a card top-up (the provider sends the browser back here) under the heading.
 */
export default function AssetsRoute() {
  return <MyLandPage topUp={<LandCreditTopUp showBalance={false} />} returnNotice={<TopUpReturnNotice />} />;
}
