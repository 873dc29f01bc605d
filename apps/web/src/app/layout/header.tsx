import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, useMatch } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useAccountStore } from '../../lib/account-store.ts';
import { CartButton } from '../../features/cart/components/cart-button.tsx';
import { MenuToggle, usePhoneHeader, useSiteMenu } from './site-menu.tsx';

// The menu brings the Radix dropdown and dialog; visitors who are signed out never download them.
const ProfileMenu = lazy(() =>
  import('../../features/accounts/components/profile-menu.tsx').then((m) => ({ default: m.ProfileMenu })),
);
// The wallet dialog (Radix, then wagmi once open) loads on the first click, not with the page.
const loadWalletDialog = () => import('../../features/accounts/components/wallet-sign-in-dialog.tsx');
const WalletSignInDialog = lazy(loadWalletDialog);
// Cart and checkout do not import each other: the drawer's Checkout button is given here, and
// loads with the drawer (on first open), not with the header.
const CartCheckoutButton = lazy(() =>
  import('../../features/checkout/components/checkout-button.tsx').then((m) => ({ default: m.CartCheckoutButton })),
);

/** Spec §2: a connect-wallet button for visitors; e-mail accounts keep their Sign in link. */
function ConnectWalletButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={buttonClass('primary')}
        data-testid="header-connect-wallet"
        // Start fetching the dialog while the pointer travels to the button.
        onPointerEnter={() => void loadWalletDialog()}
        onClick={() => setOpen(true)}
      >
        Connect wallet
      </button>
      {open && (
        <Suspense fallback={null}>
          <WalletSignInDialog open onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Writes the header's height to --header-height on <html>, where layout.css keeps that much
 * room above a control the browser scrolls to (focus, skip link): the height changes with
 * the width, the text size and who is signed in, so it is measured, not assumed.
 */
function useHeaderHeight(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = header.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const write = () => root.style.setProperty('--header-height', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    write();
    const observer = new ResizeObserver(write);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, [header]);
}

/**
 * Only built areas are linked: a page joins the navigation when its area lands (docs/decisions/0009).
 *
 * The controls are in the order they are seen, so Tab follows the eye at every width: on a
 * desktop logo, links, sign-in (or the profile menu), cart; on a phone (layout.css) the row of
 * logo, Menu, profile and cart, then the links and sign-in that Menu opens as a panel below the
 * row. The panel is placed absolutely on a phone, so only its place in the DOM (after the
 * account controls there, before them on a desktop) decides where Tab reaches it.
 */
export function Header() {
  const loggedIn = useAccountStore((s) => s.status.loggedIn);
  // The top lists are the leaderboard's second tab, so its link stays lit there too.
  const onTopLists = useMatch(paths.top.path) !== null;
  const header = useRef<HTMLElement>(null);
  const menu = useSiteMenu(header);
  const phone = usePhoneHeader();
  useHeaderHeight(header);
  const panel = (
    <div key="menu" {...menu.panelProps} className={`site-header__menu${menu.open ? ' site-header__menu--open' : ''}`}>
      <nav className="site-header__nav" aria-label="Main">
        <NavLink to={paths.home.getHref()} end className="site-header__link">
          Home
        </NavLink>
        <NavLink to={paths.market.getHref()} className="site-header__link">
          Marketplace
        </NavLink>
        <NavLink to={paths.shop.getHref()} className="site-header__link">
          Shop
        </NavLink>
        <NavLink
          to={paths.leaderboard.getHref()}
          className={({ isActive }) => `site-header__link${isActive || onTopLists ? ' active' : ''}`}
        >
          Leaderboard
        </NavLink>
        <NavLink to={paths.staking.getHref()} className="site-header__link">
          Staking
        </NavLink>
      </nav>
      {!loggedIn && (
        <div className="site-header__sign-in">
          <Link to={paths.login.getHref()} className={buttonClass('secondary')} data-testid="header-sign-in">
            Sign in
          </Link>
          <ConnectWalletButton />
        </div>
      )}
    </div>
  );
  const account = (
    <div key="account" className="site-header__account">
      {loggedIn && (
        <Suspense fallback={<span className="site-header__placeholder" aria-hidden="true" />}>
          <ProfileMenu />
        </Suspense>
      )}
      <CartButton footer={<CartCheckoutButton />} />
    </div>
  );
  return (
    <header ref={header} className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home.getHref()} className="site-header__logo" aria-label="Starport home">
          <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
            <circle cx="32" cy="32" r="14" fill="#6ee7ff" />
            <ellipse
              cx="32"
              cy="33"
              rx="26"
              ry="7"
              fill="none"
              stroke="#a78bfa"
              strokeWidth="4"
              transform="rotate(-18 32 33)"
            />
          </svg>
          <span>Starport</span>
        </Link>
        <MenuToggle {...menu.toggleProps} />
        {/* Keyed, so crossing the breakpoint moves the two (and their state) instead of remaking them. */}
        {phone ? [account, panel] : [panel, account]}
      </div>
    </header>
  );
}
