import sanitizeHtml from 'sanitize-html';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { DEFAULT_TERMS_HTML } from './default-terms.ts';
import { readSetting, readSettingRecent, readSettingTimes, writeSetting } from '../../db/settings.ts';

export type SaleProgram = 0 | 1;

export async function getSaleProgram(db: DbOrTx): Promise<SaleProgram> {
  return (await readSetting(db, 'sale_program')) === 1 ? 1 : 0;
}

export async function setSaleProgram(db: DbOrTx, value: number): Promise<void> {
  if (value !== 0 && value !== 1) throw badRequest('sale_program is 0 (buying closed) or 1 (buying open).');
  await writeSetting(db, 'sale_program', value);
}

export async function getHomeVersion(db: DbOrTx): Promise<number> {
  return homeVersionOf(await readSetting(db, 'home_version'));
}

/**
 * home_version as read less than `maxAgeMs` ago (readSettingRecent): the served page asks on every
 * visit, and a change made through this process is seen at once.
 */
export async function getHomeVersionRecent(db: DbOrTx, maxAgeMs: number): Promise<number> {
  return homeVersionOf(await readSettingRecent(db, 'home_version', maxAgeMs));
}

const homeVersionOf = (stored: unknown): number => (typeof stored === 'number' ? stored : 1);

export async function setHomeVersion(db: DbOrTx, value: number): Promise<void> {
  if (value !== 1 && value !== 2) throw badRequest('home_version is 1 (landing page) or 2 (marketplace).');
  await writeSetting(db, 'home_version', value);
}

/**
 * When the operator last set each setting, by key (sale_program, home_version, tos_html, and the
 * other areas' settings stored beside them); a setting still at its default has no entry.
 */
export async function getSettingTimes(db: DbOrTx): Promise<Record<string, Date>> {
  return readSettingTimes(db);
}

export async function getTermsHtml(db: DbOrTx): Promise<string> {
  const v = await readSetting(db, 'tos_html');
  return typeof v === 'string' ? v : DEFAULT_TERMS_HTML;
}

/** The browser renders this HTML as is, so it is cleaned when the operator stores it. */
export async function setTermsHtml(db: DbOrTx, html: string): Promise<string> {
  const clean = sanitizeTerms(html);
  if (!clean.trim()) throw badRequest('The terms text is empty after cleaning.');
  await writeSetting(db, 'tos_html', clean);
  return clean;
}

export function sanitizeTerms(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['h1', 'h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'br', 'hr', 'blockquote', 'section'],
    // `rel` must be allowed for the transform below to keep the one it sets.
    allowedAttributes: { a: ['href', 'title', 'rel'] },
    allowedSchemes: ['https', 'http', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}
