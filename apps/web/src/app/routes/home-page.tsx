import { Link } from 'react-router';
import { useHouseTypes } from '../../features/catalogue/api/get-house-types.ts';
import { HouseTypesView } from '../../features/catalogue/components/house-types-view.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useAccountStore } from '../../lib/account-store.ts';
import { ContactForm } from '../../features/site/components/contact-form.tsx';
import { FeaturedSales } from '../../features/catalogue/components/featured-sales.tsx';
import { HeroShowcase } from '../../features/site/components/hero-showcase.tsx';
import { LandingCounters } from '../../features/site/components/landing-counters.tsx';
import './home-page.css';

/**
 * The landing page (home_version 1): what Starport is beside a Legendary ship for sale, live
 * figures, the top sales, the container houses and the contact form. Everything shown comes
 * from the API; nothing here is placeholder content. It stays light: no chart, wallet or
 * marketplace-list code is imported from here.
 */
export default function HomePage() {
  const loggedIn = useAccountStore((s) => s.status.loggedIn);
  const user = useAccountStore((s) => s.user);
  // The counters (site) and the house view (catalogue) read the same cached call.
  const houses = useHouseTypes();

  return (
    <div className="page landing">
      <section className="landing__hero" aria-labelledby="home-title">
        <div className="landing__hero-text">
          <p className="landing__eyebrow">The space game storefront and marketplace</p>
          <h1 id="home-title" className="landing__title">
            Build your fleet at Starport
          </h1>
          <p className="landing__lead">
            Collect spaceships of the Human, AI and Alien factions, from Common to the 150 Legendary ships, open
            Frontier Blind Boxes, and own pieces of the container-house real-estate line. Every price is in US dollars;
            pay by card or with crypto.
          </p>
          {loggedIn && user && <p className="landing__welcome">Welcome back, {user.username}.</p>}
          <div className="row">
            <Link className={buttonClass('primary')} to={paths.market.getHref()}>
              Browse the marketplace
            </Link>
            <Link className={buttonClass('secondary')} to={paths.shop.getHref()}>
              Visit the shop
            </Link>
            {!loggedIn && (
              <Link className={buttonClass('ghost')} to={paths.registry.getHref()}>
                Create an account
              </Link>
            )}
          </div>
        </div>
        <HeroShowcase />
      </section>

      <LandingCounters houses={houses} />

      <FeaturedSales />

      {/*
        SLOT: container-house landing view (storefront.md §2 "Container-house landing view").
        Its own section, heading, loading and error states; it shares the house_types answer
        with the counters above (same query key), so the page asks for it once.
      */}
      <div className="landing__section" data-slot="house-types">
        <HouseTypesView />
      </div>

      <section className="landing__section landing__contact" aria-labelledby="landing-contact-title">
        <div>
          <h2 id="landing-contact-title">Contact us</h2>
          <p className="muted">
            Questions about an order, your account or the game? Send us a message and we will answer by e-mail.
          </p>
        </div>
        <ContactForm />
      </section>
    </div>
  );
}
