// Narrows a source map (version 3) to the sources a predicate keeps (decision 0072).
//
// Why: the server's bundle holds the installed packages too, and a map of every package is 3 MB
// that Node 20 parses at the first stack it formats under --enable-source-maps (~0.4 s of CPU;
// that was during every start until apps/api/src/lib/web-stream-errors.ts). Stack traces need
// our own files mapped; a frame inside a package then names the bundle's line, which is
// enough to find it. Segments pointing at dropped sources are removed; those left keep their
// exact positions.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** The numbers of one segment ("AAgBC" → [0, 0, 16, 1]). */
export function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`not a base64 VLQ digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

export function encodeSegment(values) {
  let text = '';
  for (const v of values) {
    let rest = v < 0 ? (-v << 1) | 1 : v << 1;
    do {
      let digit = rest & 31;
      rest >>>= 5;
      if (rest > 0) digit |= 32;
      text += BASE64[digit];
    } while (rest > 0);
  }
  return text;
}

/**
 * A copy of `map` with only the sources `keep(sourcePath)` accepts (their content too, when
 * there is any), the segments of those sources, and the names they use.
 */
export function keepSources(map, keep) {
  const sourceIndex = new Map(); // old index → new index
  map.sources.forEach((source, i) => {
    if (keep(source)) sourceIndex.set(i, sourceIndex.size);
  });
  const nameIndex = new Map();
  const names = [];
  // decoding state: every field but the generated column runs on across lines
  let source = 0;
  let line = 0;
  let column = 0;
  let name = 0;
  // encoding state, the same fields for the segments written
  const out = { source: 0, line: 0, column: 0, name: 0 };
  const lines = map.mappings.split(';').map((lineText) => {
    let generated = 0;
    let outGenerated = 0;
    const kept = [];
    for (const segmentText of lineText ? lineText.split(',') : []) {
      const v = decodeSegment(segmentText);
      generated += v[0];
      if (v.length < 4) continue; // a position with no source: nothing to map it to
      source += v[1];
      line += v[2];
      column += v[3];
      if (v.length === 5) name += v[4];
      const newSource = sourceIndex.get(source);
      if (newSource === undefined) continue;
      const fields = [generated - outGenerated, newSource - out.source, line - out.line, column - out.column];
      outGenerated = generated;
      Object.assign(out, { source: newSource, line, column });
      if (v.length === 5) {
        if (!nameIndex.has(name)) {
          nameIndex.set(name, names.length);
          names.push(map.names[name]);
        }
        const newName = nameIndex.get(name);
        fields.push(newName - out.name);
        out.name = newName;
      }
      kept.push(encodeSegment(fields));
    }
    return kept.join(',');
  });
  const narrowed = { ...map, sources: map.sources.filter((_, i) => sourceIndex.has(i)), names, mappings: lines.join(';') };
  if (map.sourcesContent) narrowed.sourcesContent = map.sourcesContent.filter((_, i) => sourceIndex.has(i));
  return narrowed;
}
