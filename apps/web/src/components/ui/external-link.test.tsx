import { render, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectNewTabLinksAnnounced } from '../../test/new-tab-links.ts';
import { ExternalLink } from './external-link.tsx';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Source files of the web app (tests and their helpers aside) that open a new tab themselves. */
function filesOpeningNewTabs(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith(`test${path.sep}`))
    .filter((file) => /target=["{']+_blank/.test(readFileSync(path.join(SRC, file), 'utf8')))
    .map((file) => file.split(path.sep).join('/'));
}

describe('links that open a new tab', () => {
  it('are named by their visible text, then say they open a new tab, and cannot reach back to this page', () => {
    render(
      <p>
        <ExternalLink href="https://explorer.example/tx/1">View transaction</ExternalLink>
      </p>,
    );
    const link = screen.getByRole('link', { name: 'View transaction, opens in a new tab' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(expectNewTabLinksAnnounced(document.body)).toBe(1);
  });

  it('an image link is named by its picture, then the warning', () => {
    render(
      <ExternalLink href="/images/ship.png">
        <img src="/images/ship-small.png" alt="Quasar Wisp, an Epic ship" />
      </ExternalLink>,
    );
    expect(screen.getByRole('link', { name: 'Quasar Wisp, an Epic ship, opens in a new tab' })).toBeTruthy();
  });

  // A bare target="_blank" would open a tab without telling anyone; ExternalLink is the one way.
  it('are all made with ExternalLink', () => {
    expect(filesOpeningNewTabs()).toEqual(['components/ui/external-link.tsx']);
  });
});
