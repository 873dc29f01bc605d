import { isWebRoute } from '@starport/schemas/web-routes';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  Dropdown,
  DropdownItem,
  DropdownLabel,
  DropdownLinkItem,
  DropdownSeparator,
} from '../../../components/ui/dropdown.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCredit, shortenAddress } from '../../../lib/format.ts';
import { useAccountStore } from '../../../lib/account-store.ts';
import { LogoutDialog } from './logout-dialog.tsx';

/** What the header shows for the signed-in user: the short wallet address, else the username. */
export function profileLabel(user: { walletAddress: string | null; username: string } | null): string {
  if (user?.walletAddress) return shortenAddress(user.walletAddress);
  return user?.username ?? 'Account';
}

/**
 * The account pages of the menu. Each appears once its area registers the page, so the menu
 * never offers a link that ends on the 404 page.
 */
export const accountLinks = [
  { label: 'Owner page', href: paths.dashboard.getHref() },
  { label: 'My Assets', href: paths.myAssets.getHref() },
  { label: 'My Orders', href: paths.myOrders.getHref() },
  { label: 'My Blind Boxes', href: paths.myBlindBoxes.getHref() },
  { label: 'Penguins', href: paths.myPenguins.getHref() },
  { label: 'My Land', href: paths.myLand.getHref() },
  { label: 'GOALAND', href: paths.myGoaland.getHref() },
  { label: 'Convert Gin', href: paths.myGinExchange.getHref() },
  { label: 'Redeem a code', href: paths.myRedeem.getHref() },
  { label: 'Change Profile', href: paths.changeProfile.getHref() },
].filter((item) => isWebRoute(item.href));

export function ProfileMenu() {
  const user = useAccountStore((s) => s.user);
  const creditAmount = useAccountStore((s) => s.creditAmount);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const label = profileLabel(user);

  return (
    <>
      <Dropdown
        triggerTestId="profile-menu"
        trigger={
          <>
            {/* Decorative: the name beside it is the trigger's accessible name. */}
            {user?.avatar ? (
              <img className="profile-menu__avatar" src={user.avatar} alt="" width={26} height={26} data-testid="profile-menu-avatar" />
            ) : (
              <span className="profile-menu__avatar" aria-hidden="true">
                {label.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span className="profile-menu__name" title={user?.walletAddress ?? user?.username}>
              {label}
            </span>
          </>
        }
      >
        {creditAmount !== null && <DropdownLabel>Credit: {formatCredit(creditAmount)}</DropdownLabel>}
        {accountLinks.map((item) => (
          <DropdownLinkItem key={item.href}>
            <Link to={item.href}>{item.label}</Link>
          </DropdownLinkItem>
        ))}
        {/* An e-mail account links a wallet here (spec §2 "Link blockchain wallet"). */}
        {user && !user.walletAddress && (
          <DropdownLinkItem>
            <Link to={paths.connectWallet.getHref()} data-testid="profile-link-wallet">
              Link wallet
            </Link>
          </DropdownLinkItem>
        )}
        <DropdownSeparator />
        {/* Radix closes the menu first, then the confirmation dialog takes focus. */}
        <DropdownItem onSelect={() => setConfirmOpen(true)}>Logout</DropdownItem>
      </Dropdown>
      <LogoutDialog open={confirmOpen} onOpenChange={setConfirmOpen} />
    </>
  );
}
