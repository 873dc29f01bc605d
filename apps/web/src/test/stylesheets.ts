import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type CssRule = { file: string; selector: string; declarations: Map<string, string> };

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every rule of every stylesheet under src, one entry a selector list, with its custom
 * properties (var(--x)) resolved from :root. Rules inside @media count like any other: a
 * focus style a narrow screen loses is lost all the same.
 */
export function readRules(): CssRule[] {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css'));
  const rules = files.flatMap((file) => parseRules(file.split(path.sep).join('/'), readFileSync(path.join(SRC, file), 'utf8')));
  const tokens = rules.find((rule) => rule.selector === ':root')?.declarations ?? new Map<string, string>();
  const resolve = (value: string) => value.replace(/var\((--[\w-]+)\)/g, (whole, name: string) => tokens.get(name) ?? whole);
  return rules.map((rule) => ({ ...rule, declarations: new Map([...rule.declarations].map(([k, v]) => [k, resolve(v)])) }));
}

function parseRules(file: string, css: string): CssRule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  // Innermost blocks only: an @media's own "{" never reaches a selector.
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => ({
    file,
    selector: selector!.trim().replace(/\s+/g, ' '),
    declarations: new Map(
      body!
        .split(';')
        .map((line) => line.split(/:(.*)/s).map((part) => part.trim()))
        .filter(([prop, value]) => prop && value)
        .map(([prop, value]) => [prop!, value!]),
    ),
  }));
}
