import { Outlet, ScrollRestoration } from 'react-router';
import { PurchaseOutcomeOutlet } from '../../features/checkout/components/purchase-outcome-outlet.tsx';
import { ActivationPrompt } from '../../features/accounts/components/activation-prompt.tsx';
import { WalletUrlPrompts } from '../../features/accounts/components/wallet-url-prompts.tsx';
import { useDocumentTitle } from '../page-title.ts';
import { RouteAnnouncer } from '../route-announcer.tsx';
import { useRouteFocus } from '../route-focus.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { SignInReturn } from './sign-in-return.tsx';
import { useCaptureWalletRef } from './use-capture-wallet-ref.ts';
import './layout.css';

/**
 * Header, the e-mail prompt, the guarded page (the <RouteGuard> route renders in the outlet),
 * footer, what the `code` and `connected` URL parameters ask for (invitation, alert), and
 * sign-in for a visitor the guard turned away from a protected page. After a link to another
 * page, focus goes to its heading and the page's name is announced.
 */
export function RootLayout() {
  useCaptureWalletRef();
  useDocumentTitle();
  useRouteFocus();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <ActivationPrompt />
      <main id="main" className="layout-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <PurchaseOutcomeOutlet />
      <WalletUrlPrompts />
      <SignInReturn />
      <ScrollRestoration />
      <RouteAnnouncer />
    </>
  );
}
