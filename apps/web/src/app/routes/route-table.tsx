import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';
import HomeRoute from './home-route.tsx';
import { lazyPage } from '../lazy-page.ts';
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
const FairnessPage = lazyPage(() => import('../../features/fairness/pages/fairness-page.tsx'));
const VerifyOpeningPage = lazyPage(() => import('../../features/fairness/pages/verify-page.tsx'));
const LeaderboardPage = lazyPage(() => import('../../features/leaderboards/pages/leaderboard-page.tsx'));
const TopPage = lazyPage(() => import('./top-page.tsx'));
const NotFoundPage = lazyPage(() => import('../not-found-page.tsx'));

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
          { path: paths.home.path, element: <HomeRoute /> },
          { path: paths.login.path, element: <LoginPage /> },
          { path: paths.registry.path, element: <RegistryPage /> },
          { path: paths.emailActive.path, element: <EmailActivePage /> },
          { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
          { path: paths.resetPassword.path, element: <ResetPasswordPage /> },
          { path: paths.changePassword.path, element: <ChangePasswordPage /> },
          { path: paths.linkEmail.path, element: <LinkEmailPage /> },
          { path: paths.connectWallet.path, element: <ConnectWalletPage /> },
          { path: paths.tos.path, element: <TosPage /> },
          { path: paths.termsOfService.path, element: <TosPage /> },
          { path: paths.privacy.path, element: <PrivacyPage /> },
          { path: paths.contact.path, element: <ContactPage /> },
          { path: paths.market.path, element: <MarketPage /> },
          { path: paths.marketList.path, element: <MarketPage /> },
          { path: paths.marketItem.path, element: <UnitDetailPage /> },
          { path: paths.shipDetail.path, element: <ShipDetailPage /> },
          { path: paths.shipItem.path, element: <ShipDetailPage /> },
          { path: paths.shop.path, element: <ShopPage /> },
          { path: paths.shopItem.path, element: <ShopItemPage /> },
          { path: paths.cardPaymentResult.path, element: <CardPaymentResultPage /> },
          { path: paths.myOrders.path, element: <MyOrdersPage /> },
          { path: paths.fairness.path, element: <FairnessPage /> },
          { path: paths.fairnessVerify.path, element: <VerifyOpeningPage /> },
          { path: paths.leaderboard.path, element: <LeaderboardPage /> },
          { path: paths.top.path, element: <TopPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
