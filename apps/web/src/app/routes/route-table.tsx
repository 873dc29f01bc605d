import type { RouteObject } from 'react-router';
import { BRAND_NAME } from '@starport/schemas/brand';
import { paths } from '../../config/paths.ts';
import HomeRoute from './home-route.tsx';
import { lazyPage } from '../lazy-page.ts';
import type { PageHandle } from '../page-title.ts';
import { RootLayout } from '../layout/root-layout.tsx';
import { RouteErrorPage } from '../route-error-page.tsx';
import { RouteGuard } from '../route-guard.tsx';

// Every page is its own chunk: the first load carries only the shell (header, footer, guard).
const LoginPage = lazyPage(() => import('../../features/accounts/pages/login-page.tsx'));
const RegistryPage = lazyPage(() => import('../../features/accounts/pages/registry-page.tsx'));
const EmailActivePage = lazyPage(() => import('../../features/accounts/pages/email-active-page.tsx'));
const ForgotPasswordPage = lazyPage(() => import('../../features/accounts/pages/forgot-password-page.tsx'));
const ResetPasswordPage = lazyPage(() => import('../../features/accounts/pages/reset-password-page.tsx'));
const ChangePasswordPage = lazyPage(() => import('../../features/accounts/pages/change-password-page.tsx'));
const ChangeProfilePage = lazyPage(() => import('../../features/accounts/pages/change-profile-page.tsx'));
const LinkEmailPage = lazyPage(() => import('../../features/accounts/pages/link-email-page.tsx'));
const ConnectWalletPage = lazyPage(() => import('../../features/accounts/pages/connect-wallet-page.tsx'));
const TosPage = lazyPage(() => import('../../features/site/pages/tos-page.tsx'));
const PrivacyPage = lazyPage(() => import('../../features/site/pages/privacy-page.tsx'));
const ContactPage = lazyPage(() => import('../../features/site/pages/contact-page.tsx'));
const MarketPage = lazyPage(() => import('./market-page.tsx'));
const ShipDetailPage = lazyPage(() => import('./ship-detail-page.tsx'));
const UnitDetailPage = lazyPage(() => import('./unit-detail-page.tsx'));
const ShopPage = lazyPage(() => import('./shop-page.tsx'));
const ShopItemPage = lazyPage(() => import('./shop-item-page.tsx'));
const CardPaymentResultPage = lazyPage(() => import('../../features/shop/pages/card-payment-result-page.tsx'));
const MyOrdersPage = lazyPage(() => import('./my-orders-route.tsx'));
const MyBlindBoxesPage = lazyPage(() => import('../../features/orders/pages/my-blind-boxes-page.tsx'));
const OwnerPage = lazyPage(() => import('./owner-route.tsx'));
const MyAssetsOverviewPage = lazyPage(() => import('../../features/my-assets/pages/my-assets-overview-page.tsx'));
const MySpaceshipsPage = lazyPage(() => import('./my-spaceships-route.tsx'));
const DncListingPage = lazyPage(() => import('../../features/my-assets/pages/dnc-listing-page.tsx'));
const SellingPage = lazyPage(() => import('../../features/my-assets/pages/selling-page.tsx'));
const PenguinsPage = lazyPage(() => import('../../features/penguins/pages/penguins-page.tsx'));
const GoalandPage = lazyPage(() => import('../../features/goaland/pages/goaland-page.tsx'));
const GinExchangePage = lazyPage(() => import('../../features/gin/pages/gin-exchange-page.tsx'));
const MyLandPage = lazyPage(() => import('./assets-route.tsx'));
const LandCollectionsPage = lazyPage(() => import('../../features/land/pages/land-collections-page.tsx'));
const LandCollectionPage = lazyPage(() => import('../../features/land/pages/collection-detail-page.tsx'));
const PublicCollectionPage = lazyPage(() => import('../../features/land/pages/public-collection-page.tsx'));
const RedeemPage = lazyPage(() => import('../../features/redeem/pages/redeem-page.tsx'));
const FairnessPage = lazyPage(() => import('../../features/fairness/pages/fairness-page.tsx'));
const VerifyOpeningPage = lazyPage(() => import('../../features/fairness/pages/verify-page.tsx'));
const LeaderboardPage = lazyPage(() => import('../../features/leaderboards/pages/leaderboard-page.tsx'));
const TopPage = lazyPage(() => import('./top-page.tsx'));
const StakingPage = lazyPage(() => import('../../features/staking/pages/staking-page.tsx'));
const StakingDetailPage = lazyPage(() => import('../../features/staking/pages/staking-detail-page.tsx'));
const AffiliatePage = lazyPage(() => import('./affiliate-route.tsx'));
const NotFoundPage = lazyPage(() => import('../not-found-page.tsx'));

// Each page's name for the browser tab (app/page-title.ts); route-table.test.ts checks every page has one.
const page = (title: string): PageHandle => ({ title });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <RouteGuard />,
        // Errors inside a page keep the header and footer on screen.
        errorElement: <RouteErrorPage />,
        children: [
          // The landing page or the marketplace, by the home_version setting.
          { path: paths.home.path, element: <HomeRoute />, handle: page('Home') },
          { path: paths.login.path, element: <LoginPage />, handle: page('Sign in') },
          { path: paths.registry.path, element: <RegistryPage />, handle: page('Sign up') },
          { path: paths.emailActive.path, element: <EmailActivePage />, handle: page('Account activation') },
          { path: paths.forgotPassword.path, element: <ForgotPasswordPage />, handle: page('Forgot password') },
          { path: paths.resetPassword.path, element: <ResetPasswordPage />, handle: page('Reset password') },
          { path: paths.changePassword.path, element: <ChangePasswordPage />, handle: page('Change password') },
          { path: paths.changeProfile.path, element: <ChangeProfilePage />, handle: page('Change Profile') },
          { path: paths.linkEmail.path, element: <LinkEmailPage />, handle: page('Link an e-mail') },
          { path: paths.connectWallet.path, element: <ConnectWalletPage />, handle: page('Link a wallet') },
          { path: paths.tos.path, element: <TosPage />, handle: page('Terms of Service') },
          { path: paths.termsOfService.path, element: <TosPage />, handle: page('Terms of Service') },
          { path: paths.privacy.path, element: <PrivacyPage />, handle: page('Privacy Policy') },
          { path: paths.contact.path, element: <ContactPage />, handle: page('Contact us') },
          { path: paths.market.path, element: <MarketPage />, handle: page('Marketplace') },
          { path: paths.marketList.path, element: <MarketPage />, handle: page('Marketplace') },
          { path: paths.marketItem.path, element: <UnitDetailPage />, handle: page('Apartment unit') },
          { path: paths.shipDetail.path, element: <ShipDetailPage />, handle: page('Ship') },
          { path: paths.shipItem.path, element: <ShipDetailPage />, handle: page('Ship') },
          { path: paths.shop.path, element: <ShopPage />, handle: page('Shop') },
          { path: paths.shopItem.path, element: <ShopItemPage />, handle: page('Shop item') },
          { path: paths.cardPaymentResult.path, element: <CardPaymentResultPage />, handle: page('Card payment') },
          { path: paths.myOrders.path, element: <MyOrdersPage />, handle: page('My orders') },
          { path: paths.myBlindBoxes.path, element: <MyBlindBoxesPage />, handle: page('My blind boxes') },
          { path: paths.dashboard.path, element: <OwnerPage />, handle: page('Owner page') },
          { path: paths.dashbroad.path, element: <OwnerPage />, handle: page('Owner page') },
          // Guarded by the /my-assets prefix (config/paths.ts protectedPathPrefixes).
          { path: paths.myAssets.path, element: <MyAssetsOverviewPage />, handle: page('My Assets') },
          { path: paths.myAssetsSpaceships.path, element: <MySpaceshipsPage />, handle: page('My spaceships') },
          { path: paths.myAssetsDncListing.path, element: <DncListingPage />, handle: page('DNC listing') },
          { path: paths.myAssetsSelling.path, element: <SellingPage />, handle: page('Ships and DNC on sale') },
          { path: paths.myPenguins.path, element: <PenguinsPage />, handle: page('Penguins') },
          { path: paths.myGoaland.path, element: <GoalandPage />, handle: page('GOALAND land staking') },
          { path: paths.myGinExchange.path, element: <GinExchangePage />, handle: page('Convert Gin') },
          // Land: guarded by the /assets prefix; a collection's read-only detail is public (decision 0045).
          { path: paths.myLand.path, element: <MyLandPage />, handle: page('My Land') },
          { path: paths.landCollections.path, element: <LandCollectionsPage />, handle: page('Land Collections') },
          { path: paths.landCollection.path, element: <LandCollectionPage />, handle: page('Land collection') },
          { path: paths.publicCollection.path, element: <PublicCollectionPage />, handle: page('Land in a collection') },
          // Guarded by its own entry in config/paths.ts protectedPathPrefixes.
          { path: paths.myRedeem.path, element: <RedeemPage />, handle: page('Redeem a code') },
          { path: paths.fairness.path, element: <FairnessPage />, handle: page('Provably fair') },
          { path: paths.fairnessVerify.path, element: <VerifyOpeningPage />, handle: page('Verify an opening') },
          { path: paths.leaderboard.path, element: <LeaderboardPage />, handle: page('Leaderboard') },
          { path: paths.top.path, element: <TopPage />, handle: page('Top sales') },
          // Staking (owned-assets.md §2.13–2.15): public; a visitor is asked to connect a wallet.
          { path: paths.staking.path, element: <StakingPage />, handle: page('Staking') },
          {
            path: paths.stakingDetail.path,
            caseSensitive: true,
            element: <StakingDetailPage />,
            handle: page(`${BRAND_NAME} Staking`),
          },
          {
            path: paths.stakingDetailLower.path,
            caseSensitive: true,
            element: <StakingDetailPage />,
            handle: page(`${BRAND_NAME} Staking`),
          },
          { path: paths.affiliate.path, element: <AffiliatePage />, handle: page('Affiliate') },
          { path: '*', element: <NotFoundPage />, handle: page('Page not found') },
        ],
      },
    ],
  },
];
