import { ContactForm } from '../components/contact-form.tsx';

export default function ContactPage() {
  return (
    <div className="page page--narrow">
      <section className="card" aria-labelledby="contact-title">
        <h1 id="contact-title">Contact us</h1>
        <p className="muted">Questions about an order, your account or the game? Send us a message.</p>
        <ContactForm />
      </section>
    </div>
  );
}
