// A woken worker's read of its stored matcher, in a process of its own (matcher.bench.ts runs
// it): the file's head and then its tree read (not its tail, as index-file.ts reads it),
// unpacked (stored-bytes.ts), the index read back (readIndex: its checks) and the probe's first
// find, each as wall and CPU time. A new process, as a woken
// worker is a new one: the code runs cold, the heap holds nothing else. Prints one JSON line.
import { closeSync, openSync, readSync } from 'node:fs';
import { defaultLexicon, matcherOf, packedSize, PACKED_HEAD, readIndex, unpack } from '../src/core/matching/index.ts';

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const lexicon = defaultLexicon();
const file = process.argv[2];
if (!file) throw new Error('usage: index-wake <packed matcher file>');
const at: { wall: number; cpu: number }[] = [];
const tick = (): void => void at.push({ wall: performance.now(), cpu: cpuMs() });
tick();
const fd = openSync(file, 'r');
const head = new Uint8Array(PACKED_HEAD);
readSync(fd, head, 0, PACKED_HEAD, 0);
const size = packedSize(head.buffer);
if (!size) throw new Error('not a packed matcher');
const bytes = new ArrayBuffer(size.tree);
readSync(fd, new Uint8Array(bytes), 0, size.tree, 0);
closeSync(fd);
tick();
const tree = unpack(bytes) as { stored?: unknown };
tick();
const index = readIndex(tree.stored, lexicon);
tick();
if (!index.ok) throw new Error(`the stored index was not read back: ${index.reason} ${index.detail ?? ''}`);
const matcher = matcherOf(index.compiled);
if (!index.check((text) => matcher.find({ text }))) throw new Error('the stored index read back finds otherwise');
tick();
const step = (i: number, key: 'wall' | 'cpu'): number => at[i + 1]![key] - at[i]![key];
console.log(
  JSON.stringify({
    bytes: bytes.byteLength,
    readMs: step(0, 'wall'),
    unpackMs: step(1, 'wall'),
    decodeMs: step(2, 'wall'),
    probeMs: step(3, 'wall'),
    readCpuMs: step(0, 'cpu'),
    unpackCpuMs: step(1, 'cpu'),
    decodeCpuMs: step(2, 'cpu'),
    probeCpuMs: step(3, 'cpu'),
  }),
);
