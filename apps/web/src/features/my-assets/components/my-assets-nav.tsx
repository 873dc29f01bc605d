import { NavLink } from 'react-router';
import { myAssetsPaths } from '../model/my-assets-paths.ts';

const LINKS = [
  { label: 'Overview', href: myAssetsPaths.overview, end: true },
  { label: 'Spaceships', href: myAssetsPaths.spaceships, end: false },
  { label: 'DNC listing', href: myAssetsPaths.dncListing, end: false },
  { label: 'Selling', href: myAssetsPaths.selling, end: false },
];

/** The sub-navigation of My Assets; the current page's link carries aria-current="page". */
export function MyAssetsNav() {
  return (
    <nav className="my-assets-nav" aria-label="My Assets">
      <ul>
        {LINKS.map((link) => (
          <li key={link.href}>
            <NavLink to={link.href} end={link.end} className="my-assets-nav__link">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
