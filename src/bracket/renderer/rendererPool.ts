import { createRoot } from '@pixi/react';
import { Application, DOMAdapter, getMaxFragmentPrecision, Ticker, WebGLRenderer, type ApplicationOptions } from 'pixi.js';
// Pixi's browser environment (events, accessibility, rendering and filter extensions), imported here rather than
// fetched by Renderer.init as a chunk of its own one round trip after the canvas starts (`manageImports: false`).
import 'pixi.js/browser';
import { createElement } from 'react';
import { BracketRenderer } from './BracketRenderer';
import { BracketStage, type StageSource } from './BracketStage';

type Root = ReturnType<typeof createRoot>;

/**
 * A started renderer: a @pixi/react root and its Application (WebGL context), the bracket scene
 * (shaders, glyph atlas) and the stage the root renders (`BracketStage`).
 */
export interface Surface {
  app: Application;
  scene: BracketRenderer;
  /** Shows an engine's overlays on the stage; null while no engine draws on it. */
  show(source: StageSource | null): void;
}

/** A surface being started or started; `lost` once its WebGL context is gone (it is then never reused). */
export interface SurfaceSlot {
  readonly ready: Promise<Surface>;
  readonly resolution: number;
  lost: boolean;
}

/**
 * The WebGL 2 context the renderer draws with, made by us rather than by Pixi so that its start is several short
 * tasks instead of one long one (~130 ms at 4× CPU on a phone): the context, then the extensions Pixi asks for in
 * groups (a browser hands an extension out once, later asks are free), each in a task of its own. The attributes are
 * those Pixi would ask for with the Application's `options` (GlContextSystem.init), without a depth and stencil
 * buffer: the bracket draws flat quads in order and masks nothing, so the buffer to allocate, clear and (with a
 * software compositor) read back each frame is the colour alone.
 */
function contextAttributes(options: Partial<ApplicationOptions>): WebGLContextAttributes {
  return {
    alpha: (options.backgroundAlpha ?? 1) < 1,
    premultipliedAlpha: options.premultipliedAlpha ?? true,
    antialias: options.antialias ?? false,
    depth: false,
    stencil: false,
    preserveDrawingBuffer: options.preserveDrawingBuffer ?? false,
    powerPreference: options.powerPreference ?? 'default',
  };
}
/** The extensions Pixi's context system asks for (GlContextSystem.getExtensions), in groups of a few. */
const PIXI_EXTENSIONS = [
  ['EXT_texture_filter_anisotropic', 'OES_texture_float_linear', 'WEBGL_lose_context', 'EXT_color_buffer_float', 'WEBGL_provoking_vertex'],
  ['WEBGL_compressed_texture_s3tc', 'WEBGL_compressed_texture_s3tc_srgb', 'WEBGL_compressed_texture_etc', 'WEBGL_compressed_texture_etc1'],
  ['WEBGL_compressed_texture_pvrtc', 'WEBKIT_WEBGL_compressed_texture_pvrtc', 'WEBGL_compressed_texture_atc', 'WEBGL_compressed_texture_astc'],
  ['EXT_texture_compression_bptc', 'EXT_texture_compression_rgtc'],
];

async function createContext(canvas: HTMLCanvasElement, options: Partial<ApplicationOptions>): Promise<WebGL2RenderingContext> {
  // The drawing buffer made at the size Pixi's start asks for (1×1 at `resolution`), not made again by its resize.
  canvas.width = canvas.height = Math.round(options.resolution ?? 1);
  const gl = canvas.getContext('webgl2', contextAttributes(options));
  if (!gl) throw new Error('The bracket needs WebGL 2');
  // Pixi learns the shaders' precision from a small WebGL context of its own, made once for the page; it asks ours
  // instead (one context fewer to create and keep).
  const adapter = DOMAdapter.get();
  DOMAdapter.set({ ...adapter, createCanvas: () => ({ getContext: () => gl }) as unknown as HTMLCanvasElement });
  try {
    getMaxFragmentPrecision();
  } finally {
    DOMAdapter.set(adapter);
  }
  for (const group of PIXI_EXTENSIONS) {
    await nextTask();
    for (const name of group) gl.getExtension(name);
  }
  return gl;
}

/**
 * Pixi's `Application.init` for the Application of a @pixi/react root, with the WebGL renderer
 * imported statically (`autoDetectRenderer` would import it dynamically, a chunk of its own fetched
 * only once the canvas starts) on the context of `createContext`. The root then finds its Application
 * initialised and renders into it.
 */
async function initWebGL(root: Root, options: Partial<ApplicationOptions>, canvas: HTMLCanvasElement): Promise<Application> {
  const app = root.applicationState.app;
  const context = await createContext(canvas, options);
  await nextTask();
  const renderer = new WebGLRenderer();
  await renderer.init({ ...options, ...options.webgl, context } as Partial<ApplicationOptions>);
  app.renderer = renderer;
  for (const plugin of Application._plugins) plugin.init.call(app, options);
  root.applicationState.isInitialised = true;
  return app;
}

/**
 * Renders the stage of `scene` on `root` (nothing over the cards yet); resolves once React mounted it,
 * with the function that shows an engine's overlays.
 */
function stageOn(root: Root, scene: BracketRenderer): Promise<(source: StageSource | null) => void> {
  return new Promise((resolve) => {
    let mounted = false;
    const onCommit = () => {
      if (mounted) return;
      mounted = true;
      resolve(show);
    };
    // The Application is initialised: no options to apply.
    const show = (source: StageSource | null) => void root.render(createElement(BracketStage, { scene, source, onCommit }), {});
    show(null);
  });
}

/**
 * A stage for a host's own Application (an engine created on one): a @pixi/react root whose root
 * container is added to the host's stage (the root's own Application is never started).
 */
export async function stageInApplication(app: Application, scene: BracketRenderer): Promise<{ show: (source: StageSource | null) => void; remove: () => void }> {
  const root = createRoot(document.createElement('div'));
  root.applicationState.isInitialised = true;
  const container = root.applicationState.app.stage;
  app.stage.addChild(container);
  const show = await stageOn(root, scene);
  return {
    show,
    remove: () => {
      show(null);
      container.removeFromParent();
    },
  };
}

/**
 * Pixi ticks for as long as anything listens to its system ticker (`Ticker.system`, its own
 * requestAnimationFrame loop), and every renderer adds two listeners at start-up: its scheduler (texture
 * garbage collection) and the event system's pointer ticker. A page with a bracket would thus run an
 * animation frame 60 times a second forever, though the bracket draws on demand. Stops that loop (the
 * engine steps the ticker in each frame it draws instead, `stepPixi`) and detaches Pixi's event system,
 * which the bracket does not use (its input is `PointerInput.ts`): a bracket at rest schedules nothing.
 */
export function quietPixi(app: Application): void {
  Ticker.system.autoStart = false;
  Ticker.system.stop();
  (app.renderer as { events?: { setTargetElement(element: HTMLElement | null): void } }).events?.setTargetElement(null);
}

/** Runs Pixi's system ticker (its scheduled tasks) for a frame the engine draws. */
export function stepPixi(time: number): void {
  Ticker.system.update(time);
}

/**
 * One started renderer kept between bracket pages: leaving the page detaches its canvas and
 * clears its scene (no bracket data stays), the next bracket page takes it instead of building a
 * new WebGL context, shaders and glyph atlas. A second canvas on screen at once gets a renderer
 * of its own; only one is kept when they are released.
 */
let spare: SurfaceSlot | null = null;

/** Resolves in a new task (a timer), letting the browser render and answer input first. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
let unloadHooked = false;

/**
 * Starts a surface: a @pixi/react root on `canvas` (a new one for the kept renderer) whose Application
 * the bracket scene and the stage draw into.
 */
export function startSurface(options: Partial<ApplicationOptions>, resolution: number, canvas = document.createElement('canvas')): SurfaceSlot {
  const slot: { ready: Promise<Surface>; resolution: number; lost: boolean } = { ready: null as never, resolution, lost: false };
  slot.ready = (async () => {
    if (typeof WebGL2RenderingContext === 'undefined') throw new Error('The bracket needs WebGL 2');
    // The WebGL context in tasks of its own too, not in the task of whoever asked (a page's render and commit).
    await nextTask();
    const root = createRoot(canvas);
    const app = await initWebGL(root, { ...options, canvas, manageImports: false, resolution, width: 1, height: 1 } as Partial<ApplicationOptions>, canvas);
    app.ticker?.stop();
    quietPixi(app);
    app.stage.eventMode = 'none';
    app.stage.interactiveChildren = false;
    app.canvas.addEventListener('webglcontextlost', () => {
      slot.lost = true;
      if (spare === slot) dropSpare();
    });
    // Each step a task of its own (awaited promises alone would chain them into one task of a second on a phone):
    // the page's own work (its first render, its input) goes in between.
    await nextTask();
    const scene = new BracketRenderer(app.renderer.resolution);
    await nextTask();
    // The glyph atlas's smaller copies, then the shaders compiled and the atlas uploaded, before any data arrives.
    for (const step of scene.atlas.flushSteps()) {
      step();
      await nextTask();
    }
    scene.warmUp(app.renderer, 'shapes');
    await nextTask();
    scene.warmUp(app.renderer, 'text');
    await nextTask();
    const show = await stageOn(root, scene);
    return { app, scene, show };
  })();
  slot.ready.catch(() => undefined);
  hookUnload();
  return slot;
}

/** Destroys a surface; `removeCanvas`: its canvas leaves the page too (a canvas a host gave stays). */
export function destroySurface(slot: SurfaceSlot, removeCanvas = true): void {
  slot.ready.then(
    ({ app, scene }) => {
      scene.shapes.removeFromParent();
      scene.text.removeFromParent();
      scene.destroy();
      // The stage's React-declared objects go with it (the root is never rendered again).
      app.destroy(removeCanvas, { children: true });
    },
    () => undefined,
  );
}

function dropSpare(): void {
  if (spare) destroySurface(spare);
  spare = null;
}

/** The page's renderers go with the page (a page kept in the back/forward cache keeps its spare). */
function hookUnload(): void {
  if (unloadHooked || typeof window === 'undefined') return;
  unloadHooked = true;
  window.addEventListener('pagehide', (e) => {
    if (!e.persisted) dropSpare();
  });
}

/**
 * A renderer for a bracket canvas: the kept one when there is one at this resolution (started or
 * still starting), else a new one. Hand it back with `releaseSurface`.
 */
export function claimSurface(options: Partial<ApplicationOptions>, resolution: number): SurfaceSlot {
  if (spare && !spare.lost && spare.resolution === resolution) {
    const slot = spare;
    spare = null;
    return slot;
  }
  dropSpare();
  return startSurface(options, resolution);
}

/**
 * Starts the renderer ahead of a bracket page (e.g. in idle time on a page linking to one), so the
 * page finds it ready; does nothing when one is kept already.
 */
export function prepareSurface(options: Partial<ApplicationOptions>, resolution: number): void {
  if (spare && !spare.lost && spare.resolution === resolution) return;
  dropSpare();
  spare = startSurface(options, resolution);
}

/**
 * Takes back a renderer whose canvas the caller has detached and whose scene it has cleared: kept
 * for the next bracket page, or destroyed when one is kept already or its context was lost.
 */
export function releaseSurface(slot: SurfaceSlot): void {
  if (slot.lost || (spare && spare !== slot)) {
    destroySurface(slot);
    return;
  }
  spare = slot;
}
