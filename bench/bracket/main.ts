import { createBracketEngine, type BracketEngine } from '../../src/bracket/renderer/createBracketEngine';
import type { ViewMatch } from '../../src/bracket/model';
import { benchMatches } from './data';

/*
 * Page side of the bracket bench: bench/bracket.ts drives it through `window.bench`.
 * Draw calls are counted by wrapping the WebGL draw entry points before Pixi starts.
 */

let drawCalls = 0;
for (const proto of [WebGL2RenderingContext.prototype, WebGLRenderingContext.prototype] as unknown as Record<string, (...a: unknown[]) => unknown>[]) {
  for (const name of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced']) {
    const original = proto[name];
    if (typeof original !== 'function') continue;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      drawCalls++;
      return original.apply(this, args);
    };
  }
}

const host = document.getElementById('host') as HTMLElement;
let engine: BracketEngine | null = null;
let data: ViewMatch[] = [];
const cpu: number[] = [];

function gpuSync(): void {
  const canvas = host.querySelector('canvas') as HTMLCanvasElement;
  const gl = canvas.getContext('webgl2') as WebGL2RenderingContext;
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
}

/** A hash of the pixels around the centre of the canvas (a card centred there by flyToMatch). */
function cardPixels(): number {
  const canvas = host.querySelector('canvas') as HTMLCanvasElement;
  const gl = canvas.getContext('webgl2') as WebGL2RenderingContext;
  const w = 200;
  const h = 40;
  const px = new Uint8Array(w * h * 4);
  gl.readPixels(Math.round(gl.drawingBufferWidth / 2 - w / 2), Math.round(gl.drawingBufferHeight / 2 - h / 2), w, h, gl.RGBA, gl.UNSIGNED_BYTE, px);
  let hash = 0;
  for (let i = 0; i < px.length; i++) hash = (Math.imul(hash, 31) + px[i]) | 0;
  return hash;
}

const raf = () => new Promise<number>((r) => requestAnimationFrame(r));

interface RunStats {
  frames: number;
  median: number;
  p95: number;
  max: number;
  over33: number;
  over17: number;
  drawCallsMedian: number;
  cpuMedian: number;
  cpuP95: number;
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))] ?? 0;
}

/** Frame deltas, draw calls and engine time recorded while something outside the page (touch input) moves the camera. */
let recording: { deltas: number[]; draws: number[]; stop: boolean; off: () => void } | null = null;

function stats(frames: number, deltas: number[], draws: number[]): RunStats {
  return {
    frames,
    median: quantile(deltas, 0.5),
    p95: quantile(deltas, 0.95),
    max: Math.max(...deltas),
    over33: deltas.filter((d) => d > 33.4).length,
    over17: deltas.filter((d) => d > 17.5).length,
    drawCallsMedian: quantile(draws.filter((d) => d > 0), 0.5),
    cpuMedian: quantile(cpu, 0.5),
    cpuP95: quantile(cpu, 0.95),
  };
}

/** Runs `step(k)` in 120 consecutive frames and measures the frame deltas. */
async function run(frames: number, step: (k: number) => void): Promise<RunStats> {
  const e = engine as BracketEngine;
  const deltas: number[] = [];
  const draws: number[] = [];
  cpu.length = 0;
  const off = e.on('frame', (f) => cpu.push(f.cpuMs));
  // A host moving the camera every frame: no settle work (avatars, prefetch) between frames.
  e.beginMotion();
  await raf();
  let last = await raf();
  let lastDraws = drawCalls;
  for (let k = 0; k < frames; k++) {
    step(k);
    const t = await raf();
    deltas.push(t - last);
    draws.push(drawCalls - lastDraws);
    last = t;
    lastDraws = drawCalls;
  }
  e.endMotion();
  await raf();
  off();
  return stats(frames, deltas, draws);
}

const bench = {
  async init(): Promise<void> {
    // `?minimap=0` leaves the minimap out (to compare pixels with a renderer that had none).
    engine = createBracketEngine(host, { resolution: 1, minimap: new URLSearchParams(location.search).get('minimap') !== '0' });
    await engine.ready;
    await raf();
  },
  prepare(n: number): { matches: number; ms: number } {
    const t0 = performance.now();
    data = benchMatches(n);
    // Collect the garbage of generating the bracket now, not during the measured setData.
    (window as unknown as { gc?: () => void }).gc?.();
    return { matches: data.length, ms: performance.now() - t0 };
  },
  /** setData → the first frame rendered and finished on the GPU. */
  async firstFrame(): Promise<{ ms: number; setDataMs: number }> {
    const e = engine as BracketEngine;
    const t0 = performance.now();
    const shown = e.setData(data);
    const setDataMs = performance.now() - t0;
    await shown;
    gpuSync();
    return { ms: performance.now() - t0, setDataMs };
  },
  /**
   * Whether the canvas stays usable: entrant search (the first one builds the entrant index),
   * a jump to the Losers track, flying to an entrant with its path highlighted, and a live
   * update of a few matches. Each time runs from the call to the frame drawn on the GPU.
   */
  async usable(): Promise<{ searchMs: number; searchAgainMs: number; found: number; jumpMs: number; highlightMs: number; pathQuads: number; updateMs: number; updated: number }> {
    const e = engine as BracketEngine;
    const drawn = async (act: () => void | Promise<void>) => {
      const t0 = performance.now();
      await act();
      e.renderNow();
      gpuSync();
      return performance.now() - t0;
    };
    let t0 = performance.now();
    const hits = e.findEntrants('night', 10);
    const searchMs = performance.now() - t0;
    t0 = performance.now();
    e.findEntrants('owl', 10);
    const searchAgainMs = performance.now() - t0;
    const jumpMs = await drawn(() => e.jumpTo('losers', { animate: false }));
    // The entrant of the last decided match: a long path through the bracket.
    const decided = data.filter((m) => m.winner !== null && m.live);
    const last = decided[decided.length - 1];
    const entrant = (last.winner === 'A' ? last.a : last.b).id as string;
    const stats = () => new Promise<number>((resolve) => {
      const off = e.on('frame', (f) => {
        off();
        resolve(f.shapeQuads);
      });
      e.renderNow();
    });
    // The path is a @pixi/react component: it shows in the first frame after React committed it ('overlays').
    const committed = () => new Promise<void>((resolve) => {
      const off = e.on('overlays', () => {
        off();
        resolve();
      });
    });
    let shown = committed();
    const highlightMs = await drawn(async () => {
      e.flyToEntry(entrant, { animate: false });
      await shown;
    });
    const lit = await stats();
    // The same view without the highlight: the difference is the path's quads.
    shown = committed();
    e.highlightEntry(null);
    await shown;
    const plain = await stats();
    // A live update: the next undecided ready match gets a result (new objects for it only).
    const ready = data.findIndex((m) => m.live && m.winner === null && !m.a.unknown && !m.b.unknown && !m.a.bye && !m.b.bye);
    const next = data.slice();
    next[ready] = { ...next[ready], winner: 'A', a: { ...next[ready].a, score: 2 }, b: { ...next[ready].b, score: 0 } };
    e.flyToMatch(next[ready].id, { animate: false });
    e.renderNow();
    const before = cardPixels();
    t0 = performance.now();
    const updated = e.setData(next);
    e.renderNow();
    await updated;
    gpuSync();
    const updateMs = performance.now() - t0;
    // The card on screen shows the result: its pixels changed.
    const redrawn = cardPixels() !== before;
    data = next;
    return { searchMs, searchAgainMs, found: hits.length, jumpMs, highlightMs, pathQuads: lit - plain, updateMs, updated: redrawn ? 1 : 0 };
  },
  /** 120 frames: zoom 1 → 0.125 → 4 → 1 about the centre, log-linear. */
  async zoom(): Promise<RunStats> {
    const e = engine as BracketEngine;
    e.jumpTo('winners', { animate: false });
    e.zoomTo(1, { x: 0, y: 0 }, { animate: false });
    e.panBy(-200, -1500, { animate: false });
    await raf();
    const stops = [1, 0.125, 4, 1];
    const centre = { x: innerWidth / 2, y: innerHeight / 2 };
    return run(120, (k) => {
      const leg = Math.floor(k / 40);
      const t = ((k % 40) + 1) / 40;
      const z = Math.exp(Math.log(stops[leg]) + (Math.log(stops[leg + 1]) - Math.log(stops[leg])) * t);
      e.zoomTo(z, centre, { animate: false });
    });
  },
  /** 120 frames of panning at zoom 0.6 (text on), 24 px per frame. */
  async pan(): Promise<RunStats> {
    const e = engine as BracketEngine;
    e.jumpTo('winners', { animate: false });
    e.zoomTo(0.6, { x: 0, y: 0 }, { animate: false });
    await raf();
    return run(120, () => e.panBy(-6, -24, { animate: false }));
  },
  /** Centres match `id` at `zoom`. */
  showMatch(id: number, zoom: number): void {
    const e = engine as BracketEngine;
    e.flyToMatch(id, { animate: false });
    e.zoomTo(zoom, undefined, { animate: false });
  },
  setCamera(zoom: number, dx: number, dy: number): void {
    const e = engine as BracketEngine;
    e.jumpTo('winners', { animate: false });
    e.zoomTo(zoom, { x: 0, y: 0 }, { animate: false });
    e.panBy(dx, dy, { animate: false });
  },
  async settle(): Promise<void> {
    await raf();
    await raf();
    gpuSync();
  },
  /** Starts recording every animation frame (deltas, draw calls, engine time) until `stopFrames`. */
  startFrames(): void {
    const e = engine as BracketEngine;
    cpu.length = 0;
    const deltas: number[] = [];
    const draws: number[] = [];
    const rec = (recording = { deltas, draws, stop: false, off: e.on('frame', (f) => cpu.push(f.cpuMs)) });
    let last = -1;
    let lastDraws = drawCalls;
    const tick = (t: number) => {
      if (rec.stop) return;
      if (last >= 0) {
        deltas.push(t - last);
        draws.push(drawCalls - lastDraws);
      }
      last = t;
      lastDraws = drawCalls;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  },
  stopFrames(): RunStats {
    const rec = recording as NonNullable<typeof recording>;
    rec.stop = true;
    rec.off();
    recording = null;
    return stats(rec.deltas.length, rec.deltas, rec.draws);
  },
  /** Whether the minimap shows (a bracket larger than the screen). */
  minimapShown(): boolean {
    const el = document.querySelector<HTMLElement>('[data-bracket-minimap]');
    return !!el && el.style.display !== 'none';
  },
  engine: () => engine,
};

(window as unknown as { bench: typeof bench }).bench = bench;
