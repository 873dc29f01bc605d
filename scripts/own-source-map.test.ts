import { describe, expect, it } from 'vitest';
import { decodeSegment, encodeSegment, keepSources } from './own-source-map.mjs';

/** Every mapped position of a map as [generated line, generated column, source, line, column, name?]. */
function positions(map: { sources: string[]; names: string[]; mappings: string }) {
  const out: (string | number)[][] = [];
  let [source, line, column, name] = [0, 0, 0, 0];
  map.mappings.split(';').forEach((text, generatedLine) => {
    let generated = 0;
    for (const segment of text ? text.split(',') : []) {
      const v = decodeSegment(segment);
      generated += v[0]!;
      if (v.length < 4) continue;
      source += v[1]!;
      line += v[2]!;
      column += v[3]!;
      const entry: (string | number)[] = [generatedLine, generated, map.sources[source]!, line, column];
      if (v.length === 5) entry.push(map.names[(name += v[4]!)]!);
      out.push(entry);
    }
  });
  return out;
}

describe('narrowing a source map to our own files (decision 0072)', () => {
  it('encodes and decodes VLQ numbers, negative and large ones included', () => {
    const values = [0, 1, -1, 15, 16, -16, 1000, -123456, 2 ** 28];
    expect(decodeSegment(encodeSegment(values))).toEqual(values);
    expect(encodeSegment([0, 0, 16, 1])).toBe('AAgBC');
    expect(() => decodeSegment('A*')).toThrow(/VLQ/);
  });

  it('keeps exactly the positions of the kept sources, names included, and drops the rest', () => {
    const map = {
      version: 3,
      sources: ['../../node_modules/a/index.js', '../src/main.ts', '../../node_modules/b/x.js', '../src/db.ts'],
      sourcesContent: ['a', 'main', 'b', 'db'],
      names: ['alpha', 'start', 'beta', 'open'],
      mappings: '',
    };
    // built from absolute positions so the test does not trust the encoder's deltas blindly
    const wanted: (string | number)[][] = [
      [0, 0, '../../node_modules/a/index.js', 0, 0, 'alpha'],
      [0, 10, '../src/main.ts', 4, 2, 'start'],
      [0, 20, '../../node_modules/b/x.js', 7, 1],
      [1, 3, '../src/main.ts', 5, 0],
      [1, 9, '../src/db.ts', 1, 4, 'open'],
      [3, 0, '../../node_modules/a/index.js', 2, 2, 'beta'],
      [3, 5, '../src/db.ts', 0, 0, 'open'],
    ];
    map.mappings = encode(wanted, map.sources, map.names);
    expect(positions(map)).toEqual(wanted);

    const narrowed = keepSources(map, (s: string) => !s.includes('node_modules/'));
    expect(narrowed.sources).toEqual(['../src/main.ts', '../src/db.ts']);
    expect(narrowed.sourcesContent).toEqual(['main', 'db']);
    expect(narrowed.names).toEqual(['start', 'open']);
    expect(narrowed.mappings.split(';')).toHaveLength(4); // generated lines stay where they were
    expect(positions(narrowed)).toEqual(wanted.filter((p) => !String(p[2]).includes('node_modules/')));
  });
});

/** Writes absolute positions as mappings (the format's deltas), independently of keepSources. */
function encode(list: (string | number)[][], sources: string[], names: string[]): string {
  const lines: string[][] = [];
  const last = { source: 0, line: 0, column: 0, name: 0 };
  let lastGenerated = 0;
  let currentLine = -1;
  for (const [gl, gc, src, line, column, name] of list) {
    while (currentLine < Number(gl)) {
      lines.push([]);
      currentLine++;
      lastGenerated = 0;
    }
    const s = sources.indexOf(String(src));
    const fields = [Number(gc) - lastGenerated, s - last.source, Number(line) - last.line, Number(column) - last.column];
    Object.assign(last, { source: s, line: Number(line), column: Number(column) });
    lastGenerated = Number(gc);
    if (name !== undefined) {
      const n = names.indexOf(String(name));
      fields.push(n - last.name);
      last.name = n;
    }
    lines[lines.length - 1]!.push(encodeSegment(fields));
  }
  return lines.map((l) => l.join(',')).join(';');
}
