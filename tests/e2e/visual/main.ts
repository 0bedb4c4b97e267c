import './visual.css';
import { playedBracket, entrantName } from '../../../bench/bracket/data';
import { layoutBracket } from '../../../src/bracket/layoutBracket';
import { fromEngine, type ViewMatch } from '../../../src/bracket/model';
import { recordResult } from '../../../src/domain/bracket/recordResult';
import type { Bracket } from '../../../src/domain/bracket/types';
import { createBracketEngine, type BracketEngine } from '../../../src/bracket/renderer/createBracketEngine';
import { SCENES, VIEWPORT, type SceneName } from './scenes';

/*
 * Page side of the visual test: draws one reference scene at a time through the engine's public facade, in an element
 * (the kept renderer, as the bracket page does), and says when the picture is final: the data drawn, the camera
 * placed, and no frame for a while (text built over several frames, a live-update flash faded).
 */

const host = document.getElementById('host') as HTMLElement;
host.style.width = `${VIEWPORT.width}px`;
host.style.height = `${VIEWPORT.height}px`;
let engine: BracketEngine | null = null;

function viewOf(bracket: Bracket): ViewMatch[] {
  return fromEngine(
    bracket,
    (e) => ({ label: entrantName(e), imageUrl: null }),
    (m) => (m.winner === 'A' ? [2, m.number % 2] : [m.number % 2, 2]),
  );
}

/** Resolves once no frame has been drawn for `ms` (the engine draws on demand only), then two animation frames. */
function quiet(e: BracketEngine, ms = 200): Promise<void> {
  return new Promise((resolve) => {
    let last = performance.now();
    const off = e.on('frame', () => {
      last = performance.now();
    });
    const check = () => {
      if (performance.now() - last < ms) return void setTimeout(check, 25);
      off();
      requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
    };
    setTimeout(check, 25);
  });
}

const visual = {
  /** Draws scene `name`; resolves when the picture is final. */
  async show(name: SceneName): Promise<{ matches: number; zoom: number }> {
    const scene = SCENES[name] as (typeof SCENES)[SceneName] & { highlight?: boolean; liveResult?: boolean };
    // The canvas's glyph atlas is rasterised when the renderer starts: the page's font must be there first.
    await document.fonts.load('600 48px "Segoe UI"');
    engine?.destroy();
    const e = (engine = createBracketEngine(host, { resolution: 1 }));
    await e.ready;
    const bracket = playedBracket(scene.entrants, scene.played);
    let data = viewOf(bracket);
    await e.setData(data);
    const decided = data.filter((m) => m.live && m.winner !== null);
    const last = decided[decided.length - 1];
    const entrant = (last.winner === 'A' ? last.a : last.b).id as string;
    if (scene.highlight) e.highlightEntry(entrant);
    const cam = scene.camera;
    const centre = { x: VIEWPORT.width / 2, y: VIEWPORT.height / 2 };
    if ('jump' in cam) e.jumpTo(cam.jump, { animate: false });
    else if ('card' in cam) {
      const layout = layoutBracket(data);
      const node = layout.nodeOf(cam.card);
      if (node < 0) throw new Error(`no match ${cam.card}`);
      e.setCamera({ x: layout.nodes.x[node] - cam.margin / cam.zoom, y: layout.nodes.y[node] - cam.margin / cam.zoom, zoom: cam.zoom });
    } else if ('entrant' in cam) {
      e.flyToEntry(entrant, { animate: false });
      e.zoomTo(cam.zoom, centre, { animate: false });
    } else e.setCamera(cam);
    await quiet(e);
    if (scene.liveResult) {
      const next = bracket.matches.find((m) => m.live && m.winner === null && m.entryA !== null && m.entryB !== null);
      if (!next) throw new Error('no playable match');
      const after = recordResult(bracket, next.number, 'B');
      const fresh = viewOf(after);
      // Unchanged matches keep their objects, as the bracket page's live updates do.
      data = data.map((m, i) => (after.matches[i] === bracket.matches[i] ? m : fresh[i]));
      await e.setData(data);
      await quiet(e);
    }
    return { matches: data.length, zoom: e.getCamera().zoom };
  },
};

(window as unknown as { visual: typeof visual }).visual = visual;
