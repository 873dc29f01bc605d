import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useAccountStore } from '../../../lib/account-store.ts';
import './home-page.css';

/**
 * A plain landing page until the catalogue area replaces it: what Starport is and how to start.
 * Deliberately no invented counters or ship cards (the old client hard-coded those).
 */
export default function HomePage() {
  const loggedIn = useAccountStore((s) => s.status.loggedIn);
  const user = useAccountStore((s) => s.user);

  return (
    <div className="page home">
      <section className="home__hero" aria-labelledby="home-title">
        <p className="home__eyebrow">The space game storefront and marketplace</p>
        <h1 id="home-title" className="home__title">
          Build your fleet at Starport
        </h1>
        <p className="home__lead">
          Starport is where pilots collect spaceships of the Human, AI and Alien factions, from Common to the 150
          Legendary ships, open Frontier Blind Boxes, and own units of the container-house real-estate line.
          Every price is in USD; pay by card or with crypto.
        </p>
        {loggedIn ? (
          <p className="home__welcome">
            Welcome back{user ? `, ${user.username}` : ''}. The shop and the marketplace open here soon.
          </p>
        ) : (
          <div className="row">
            <Link className={buttonClass('primary')} to={paths.registry.getHref()}>
              Create an account
            </Link>
            <Link className={buttonClass('secondary')} to={paths.login.getHref()}>
              Sign in to Starport
            </Link>
          </div>
        )}
      </section>

      <section className="home__features" aria-label="What you can do">
        <article className="card">
          <h2>Collect</h2>
          <p className="muted">
            Spaceships come in four rarities: Common, Rare, Epic and Legendary. Each belongs to one of three
            factions.
          </p>
        </article>
        <article className="card">
          <h2>Trade</h2>
          <p className="muted">
            List the ships you own on the marketplace, or buy from other pilots, with prices always shown in USD.
          </p>
        </article>
        <article className="card">
          <h2>Own</h2>
          <p className="muted">
            Your assets live on chain and in your account. Sign in with a password or link your wallet.
          </p>
        </article>
      </section>
    </div>
  );
}
