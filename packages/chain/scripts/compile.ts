/**
 * Compiles contracts/*.sol with solc-js and writes src/generated/{abis,bytecode}.ts.
 * The generated files are checked in so the app never compiles at start; a test recompiles and
 * compares, so they cannot drift from the sources.
 *
 *   npm run compile -w @starport/chain
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileContracts, renderGenerated } from '../src/compiler.ts';

const generatedDir = fileURLToPath(new URL('../src/generated/', import.meta.url));

const started = performance.now();
const files = renderGenerated(compileContracts());
for (const [name, text] of Object.entries(files)) writeFileSync(`${generatedDir}${name}`, text);
console.log(`compiled in ${Math.round(performance.now() - started)} ms → ${Object.keys(files).join(', ')}`);
