import { generateBracket } from '../src/domain/bracket/generateBracket';
import { fromEngine } from '../src/bracket/model';
import { layoutBracket } from '../src/bracket/layoutBracket';
import { buildChunkIndex } from '../src/bracket/spatialIndex';
const b = generateBracket(16384);
let t = performance.now();
const vm = fromEngine(b, (e) => ({ label: 'P' + e, imageUrl: null }));
console.log('fromEngine', (performance.now()-t).toFixed(1));
for (let k = 0; k < 20; k++) {
  t = performance.now();
  const L = layoutBracket(vm);
  const tl = performance.now() - t;
  t = performance.now();
  buildChunkIndex(L);
  console.log('layout', tl.toFixed(1), 'index', (performance.now() - t).toFixed(1));
}
