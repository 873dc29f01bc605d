// Node 20's web streams make two errors of their own the first time a reader lets go of a stream
// (every fetch does, viem's first call to the local chain included), and read their `stack` at
// once. Under --enable-source-maps, reading a stack that has a frame of the server's bundle
// parses the bundle's whole source map: ~0.1 s of CPU (Node's SourceMap on the 0.8 MB map).
// Letting go of an empty stream's reader from a microtask, whose stack holds only Node's own
// frames, makes both errors here without a look at the map; later errors are mapped as always.
const reader = new ReadableStream().getReader();
queueMicrotask(reader.releaseLock.bind(reader));
