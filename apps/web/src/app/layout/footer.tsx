import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

// Read once: rendering stays pure, and a page open over New Year can live with last year.
const year = new Date().getFullYear();

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__note">All prices are in US dollars ($)</p>
        <nav aria-label="Legal and contact" className="site-footer__nav">
          <Link to={paths.tos.getHref()}>Terms of Service</Link>
          <Link to={paths.privacy.getHref()}>Privacy Policy</Link>
          <Link to={paths.contact.getHref()}>Contact</Link>
          <Link to={paths.fairness.getHref()}>Provably fair</Link>
        </nav>
        {/* The prerendered page has the build's year (decision 0073): this browser's wins. */}
        <p className="site-footer__copy" suppressHydrationWarning>{`© ${year} Starport`}</p>
      </div>
    </footer>
  );
}
