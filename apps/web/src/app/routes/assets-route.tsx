import MyLandPage from '../../features/land/pages/my-land-page.tsx';

/**
 * /assets, My Land. Composed here because the land-credit top-up belongs to the checkout area
 * and features do not import each other: it goes into the page's `topUp` slot.
 */
export default function AssetsRoute() {
  return <MyLandPage />;
}
