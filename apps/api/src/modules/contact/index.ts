/** The contact area's front door: the contact form, delivered as e-mail through the outbox. */
export { contactRoutes } from './contact.routes.ts';
