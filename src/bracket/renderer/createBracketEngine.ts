import { Application, type ApplicationOptions } from 'pixi.js';
// Content-Security-Policy without eval: Pixi then uses its precompiled shader and uniform code
// (also for engines created without BracketCanvas, e.g. the benchmark page).
import 'pixi.js/unsafe-eval';
import { centreOn, screenToWorld, type Camera, type Point } from '../camera';
import { minimapPlacement } from '../minimap';
import type { ViewMatch } from '../model';
import { AvatarImages, IMAGE_ZOOM } from './AvatarImages';
import { BracketCamera, type JumpTarget, type MoveOptions } from './BracketCamera';
import { BracketData } from './BracketData';
import { BracketOverlays, deriveStage, EMPTY_DERIVED, type DerivedStage } from './BracketOverlays';
import { BracketRenderer } from './BracketRenderer';
import type { StageSource } from './BracketStage';
import { canvasInput } from './canvasInput';
import { FrameLoop, type FrameTarget } from './FrameLoop';
import { MinimapControl } from './MinimapControl';
import { bindPointerInput } from './PointerInput';
import { claimSurface, destroySurface, nextTask, prepareSurface, quietPixi, releaseSurface, stageInApplication, startSurface, stepPixi, type SurfaceSlot } from './rendererPool';

export type { JumpTarget, MoveOptions } from './BracketCamera';

/** Events of the engine and their payloads. */
export interface BracketEngineEvents {
  /** The renderer is initialised (data may already be drawn). */
  ready: undefined;
  /** A match card was clicked or tapped (not at the end of a drag). `newTab` for a middle or ctrl/cmd click. */
  'match.open': { id: number; newTab: boolean };
  /** The pointer moved onto another entry row (null: off any known entrant). */
  'hover.entry': { id: string | null };
  /** The pointer moved onto another card (null: off every card). */
  'hover.match': { id: number | null };
  /** The camera came to rest (after a drag, glide, zoom or jump); not emitted while moving. */
  'camera.settle': Camera;
  /**
   * What is drawn over the cards (path, selection, search marker, flash; @pixi/react components)
   * changed and React committed it: the next frame shows it (`renderNow()` draws it at once).
   */
  overlays: undefined;
  /** A frame was rendered; `cpuMs` is the JavaScript time it took (culling, rebuilding, GL submission). */
  frame: { now: number; cpuMs: number; shapeQuads: number; glyphQuads: number; chunks: number; edges: number };
  /** Initialisation failed (no WebGL): the DOM mirror remains the way to the matches. */
  error: { error: unknown };
}

export interface BracketEngineOptions {
  /**
   * Camera for the first data: `auto` (default) fits a bracket that is legible whole and starts
   * a large one at the top-left of the Winners track; `fit`, `winners` and `losers` force one.
   */
  initialView?: 'auto' | JumpTarget;
  /** Device pixel ratio to render at (default: window.devicePixelRatio, at most 2). */
  resolution?: number;
  /** Accessible name of the canvas. */
  label?: string;
  /**
   * A minimap at the canvas's bottom-right corner for brackets larger than the screen (default true):
   * the bracket in miniature with the viewport, click or drag to go there, focusable, arrow keys move the view.
   */
  minimap?: boolean;
}

/** Facade of the bracket canvas. Every method is safe to call before initialisation finishes and after `destroy`. */
export interface BracketEngine {
  /** Resolves once the renderer is up (rejects when WebGL is unavailable). */
  readonly ready: Promise<void>;
  /**
   * Replaces the matches. Resolves once a frame showing them (or newer data) is rendered, also when
   * the engine is destroyed first; rejects when the renderer cannot start (no WebGL 2).
   * The camera stays where it is (and keeps moving) except for the very first data, which is
   * placed by `initialView` unless `setCamera` placed the camera before.
   * Live updates: a list with the same matches at the same places (same `id`, `track`, `round`,
   * `position`, `live`, `roundName` and sources, in the same order) redraws only the cards that
   * changed; pass the unchanged matches as the same objects (cheapest) or equal copies, and a
   * new object for every changed match (never mutate a match already passed).
   */
  setData(matches: readonly ViewMatch[]): Promise<void>;
  /**
   * Places the camera: `x`, `y` the world point at the top-left of the canvas, `zoom` screen
   * pixels per world unit. Returns the camera applied (or, animated, the one it heads for):
   * zoom clamped to 0.125–4 and position kept near the bracket; `getCamera()` then reads the
   * same values exactly. Before the first data, this replaces the `initialView` placement.
   * Immediate unless `animate: true`.
   */
  setCamera(camera: Camera, options?: MoveOptions): Camera;
  /** Zooms to `zoom` (clamped to 0.125–4) about the screen point `at` (default: the centre); returns the camera applied or aimed at. */
  zoomTo(zoom: number, at?: Point, options?: MoveOptions): Camera;
  /**
   * Zooms by `factor` about the screen point `at` (default: the centre), from the zoom the camera is
   * heading for: steps made while a zoom is still animating add up (zoom buttons, + and − keys).
   */
  zoomBy(factor: number, at?: Point, options?: MoveOptions): Camera;
  /** Pans by a screen-pixel offset; returns the camera applied or aimed at. */
  panBy(dx: number, dy: number, options?: MoveOptions): Camera;
  /** Shows the Winners or Losers track, or fits the whole bracket. */
  jumpTo(target: JumpTarget, options?: MoveOptions): void;
  /** Flies to the card of match `id`; false when it is not drawn. */
  flyToMatch(id: number, options?: MoveOptions): boolean;
  /** Flies to an entrant's latest match and highlights its path; false when unknown. */
  flyToEntry(entryId: string, options?: MoveOptions): boolean;
  /** Keeps an entrant's path highlighted (hovering overrides it while the pointer is on a row). */
  highlightEntry(entryId: string | null): void;
  /**
   * Outlines a match's card in the selection colour (e.g. the match focused in the list of matches);
   * null clears. Does not move the camera (`flyToMatch` does).
   */
  selectMatch(id: number | null): void;
  /**
   * Marks an entrant's row in its latest match (the search marker: a frame and a pointer that stay
   * visible zoomed out); null clears. Follows the entrant to its next match as results arrive.
   */
  markEntry(entryId: string | null): void;
  /** Entrants whose name contains `query`, for a search box. */
  findEntrants(query: string, limit?: number): { id: string; label: string }[];
  /** The current camera: world point at the top-left of the canvas and zoom (a copy). */
  getCamera(): Camera;
  /**
   * Renders a frame now, synchronously (for a host driving the camera from its own
   * requestAnimationFrame callback); a frame the engine had scheduled is dropped. False before
   * the renderer is up or after destroy.
   */
  renderNow(): boolean;
  /**
   * Continuous motion (a host moving the camera every frame): until `endMotion`, frames skip the
   * work done when the camera comes to rest (avatars, text prefetch, `camera.settle`).
   */
  beginMotion(): void;
  /** Ends continuous motion: the next frame settles the camera. */
  endMotion(): void;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends keyof BracketEngineEvents>(type: K, fn: (payload: BracketEngineEvents[K]) => void): () => void;
  /**
   * Stops rendering, removes listeners and lets go of the data. An engine created in an element hands its
   * renderer back to be kept for the next one (see rendererPool.ts); otherwise GPU resources are freed, and the
   * Application destroyed only if the engine created it.
   */
  destroy(): void;
}

/** Application options the engine needs; a host creating the Application itself passes these. */
export function pixiAppOptions(resolution = defaultResolution()): Partial<ApplicationOptions> {
  return {
    preference: 'webgl',
    antialias: false,
    autoStart: false,
    sharedTicker: false,
    // A transparent canvas (cleared to premultiplied transparent black) over the host's CSS
    // background, PALETTE.background: with an opaque canvas ANGLE has to keep the alpha channel
    // at 1, which costs SwiftShader ~1.5 ms a frame.
    background: 0x000000,
    backgroundAlpha: 0,
    resolution,
    autoDensity: true,
    hello: false,
    eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
    accessibilityOptions: { activateOnTab: false, enabledByDefault: false },
  } as Partial<ApplicationOptions>;
}

function defaultResolution(): number {
  return typeof window === 'undefined' ? 1 : Math.min(2, window.devicePixelRatio || 1);
}

/**
 * Starts the renderer (WebGL context, shaders, glyph atlas) before a bracket is shown, e.g. in
 * idle time on a page linking to one: the next engine created in an element takes it ready.
 */
export function prepareBracketEngine(resolution = defaultResolution()): void {
  prepareSurface(pixiAppOptions(resolution), resolution);
}

/**
 * Resolution factor while the zoom changes (a wheel zoom, an animated zoom, continuous motion): a quarter of the
 * pixels to draw and, with a software compositor, to read back every frame; full resolution again on settling.
 */
const ZOOMING_RESOLUTION = 0.5;
const DEFAULT_LABEL = 'Tournament bracket. Arrow keys pan, plus and minus zoom, 0 fits the bracket.';

type Listener = (payload: never) => void;

/** The engine's event listeners. */
class Emitter {
  private readonly listeners = new Map<keyof BracketEngineEvents, Set<Listener>>();

  on<K extends keyof BracketEngineEvents>(type: K, fn: (payload: BracketEngineEvents[K]) => void): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(fn as Listener);
    return () => set.delete(fn as Listener);
  }

  has(type: keyof BracketEngineEvents): boolean {
    return (this.listeners.get(type)?.size ?? 0) > 0;
  }

  emit<K extends keyof BracketEngineEvents>(type: K, payload: BracketEngineEvents[K]): void {
    for (const fn of this.listeners.get(type) ?? []) (fn as (p: BracketEngineEvents[K]) => void)(payload);
  }

  clear(): void {
    this.listeners.clear();
  }
}

/** The Pixi side of an engine once its renderer is up. */
interface Mounted {
  app: Application;
  scene: BracketRenderer;
  /** Lets go of the renderer: hands a kept one back, or destroys what the engine made. */
  release: () => void;
  canvas: HTMLCanvasElement;
  images: AvatarImages;
  /** The renderer's own resolution (frames are drawn at ZOOMING_RESOLUTION of it while zooming). */
  resolution: number;
  unbind: () => void;
  resizeObserver: ResizeObserver | null;
  minimap: MinimapControl | null;
}

/**
 * Creates the bracket canvas in `target`: a canvas to draw into, an element to fill with the
 * canvas of the page's kept renderer (both sized by their parent, followed with a ResizeObserver), or a Pixi
 * Application that a host already initialised (the engine then leaves it alive on destroy).
 * Rendering happens on demand only: nothing runs while the bracket is idle. Safe against
 * destroy() during the asynchronous initialisation (React StrictMode's double mount).
 *
 * The engine is put together from parts with one job each: `BracketData` (the matches and their
 * layout), `BracketCamera` (where the camera is and goes; `canvasInput` turns the canvas's input
 * into camera moves), `BracketOverlays` (the store of what is drawn over the cards), `FrameLoop`
 * (when frames are drawn), `BracketRenderer` (the card meshes) and the stage of the page's kept
 * @pixi/react root (`BracketStage`: the overlays and the minimap as React components; `MinimapControl`
 * its input). This function wires them to the renderer and the facade.
 */
export function createBracketEngine(target: HTMLElement | Application, options: BracketEngineOptions = {}): BracketEngine {
  const events = new Emitter();
  const resolution = options.resolution ?? defaultResolution();
  const initialView = options.initialView ?? 'auto';
  const data = new BracketData();
  const camera = new BracketCamera();
  const overlays = new BracketOverlays();
  const loop = new FrameLoop(null);
  const ownsApp = !(target instanceof Application);
  const now = () => performance.now();
  let destroyed = false;
  let mounted: Mounted | null = null;
  /** The kept renderer this engine borrowed (an engine created in an element): handed back on destroy. */
  let slot: SurfaceSlot | null = null;
  /** Why the renderer could not start, once known. */
  let failure: { error: unknown } | null = null;
  /** What the stage's @pixi/react components draw, derived from the overlay store and the data. */
  let stageState: DerivedStage = EMPTY_DERIVED;
  const stageListeners = new Set<() => void>();
  /**
   * Set while the stage has not yet committed this engine's overlays (between `start` and React's first commit of
   * them, which comes a task later): the frame loop is attached then, so the first frame shows the cards and their
   * overlays together. Drawn apart, each is a frame (with a software compositor, a read back of the whole canvas:
   * ~40 ms of a phone's main thread at 4× CPU).
   */
  let stageMounting: (() => void) | null = null;
  const stage: StageSource = {
    subscribe(fn) {
      stageListeners.add(fn);
      return () => stageListeners.delete(fn);
    },
    getSnapshot: () => stageState,
    committed: () => {
      stageMounting?.();
      loop.request();
      events.emit('overlays', undefined);
    },
  };

  const frameTarget = (m: Mounted): FrameTarget => ({
    step: (time) => camera.motion.step(time),
    get zoom() {
      return camera.cam.zoom;
    },
    get busy() {
      return camera.moving;
    },
    draw(time) {
      const more = m.scene.update(camera.cam, camera.view);
      const animating = m.scene.updateOverlays(now(), camera.cam, camera.view);
      m.app.renderer.render({ container: m.app.stage });
      stepPixi(time);
      return { more, animating };
    },
    setLowResolution(low) {
      const r = low ? m.resolution * ZOOMING_RESOLUTION : m.resolution;
      m.app.renderer.resize(camera.view.width, camera.view.height, r);
      m.scene.setResolution(r);
    },
    get hasData() {
      return data.layout !== null;
    },
    settle,
  });

  loop.onFrame = ({ time, cpuMs }) => {
    if (mounted && events.has('frame')) events.emit('frame', { now: time, cpuMs, ...mounted.scene.stats() });
  };

  function settle() {
    // Nothing to report before the data is placed: the first frame can run before setData(), or on the
    // empty data of a canvas mounted while its matches load, and a settle then would announce the default
    // camera that the placement replaces a moment later.
    if (!data.layout) return;
    const cam = camera.takeSettled();
    if (!cam) return;
    showImages();
    prefetch();
    events.emit('camera.settle', cam);
  }

  /**
   * While idle, builds the text around the camera so the next pan finds it ready, then the
   * entrant index (one block: ~100 ms for 65,536 entrants) so the first hover or search does
   * not wait for it.
   */
  function prefetch() {
    if (!mounted) return;
    const scene = mounted.scene;
    loop.runIdle(
      [
        { run: (deadline) => scene.prefetchText(camera.cam, camera.view, deadline), timeout: 500 },
        {
          run: () => {
            if (data.layout && !data.indexed) data.entrantIndex();
            return false;
          },
        },
      ],
      () => !camera.moving,
    );
  }

  function showImages() {
    if (!mounted || !data.layout) return;
    const cam = camera.cam;
    const changed =
      cam.zoom < IMAGE_ZOOM
        ? mounted.images.hide()
        : mounted.images.show(data.avatarSpots({ x: cam.x, y: cam.y, width: camera.view.width / cam.zoom, height: camera.view.height / cam.zoom }));
    // No frame when no picture shows before or after (a bracket that settles at a distance: nothing to redraw).
    if (changed) loop.request();
  }

  /** A new stage state when what it shows changed; React then commits it to the Pixi objects (and asks for a frame). */
  function refreshStage() {
    const next = deriveStage(data, overlays.state, stageState);
    if (next === stageState) return;
    stageState = next;
    for (const fn of stageListeners) fn();
  }
  overlays.subscribe(refreshStage);

  function applyData() {
    if (!mounted) return;
    const change = data.apply();
    if (change.kind === 'cards') {
      // Same places: redraw the changed cards only; the camera and its motion carry on.
      if (change.changed.length > 0) {
        mounted.scene.updateMatches(change.changed);
        // A card changed under the viewer's eyes flashes briefly, unless they asked for less motion.
        if (!prefersReducedMotion()) overlays.flashCards(change.changed, now());
        else overlays.dataChanged(false);
        prefetch();
      }
    } else if (change.kind === 'layout' && data.layout) {
      mounted.scene.setLayout(data.layout);
      camera.setLayout(data.layout, initialView);
      camera.forgetSettled();
      overlays.dataChanged(true);
      placeMinimap();
    }
    loop.request();
  }

  function resize() {
    if (!mounted) return;
    const { canvas, app } = mounted;
    const host = canvas.parentElement;
    const w = Math.max(1, host?.clientWidth ?? canvas.clientWidth);
    const h = Math.max(1, host?.clientHeight ?? canvas.clientHeight);
    if (!camera.resize(w, h)) return;
    app.renderer.resize(w, h);
    // The first data waits for a size to be framed.
    camera.place(data.layout, initialView);
    placeMinimap();
    loop.request();
  }

  /** The minimap for the bracket and canvas size now (none when the bracket fits the screen). */
  function placeMinimap() {
    if (!mounted?.minimap) return;
    const placement = data.bounds ? minimapPlacement(data.bounds, camera.view) : null;
    overlays.placeMinimap(placement);
    mounted.minimap.place(overlays.state.minimap);
  }

  function hover(sx: number, sy: number) {
    if (!data.layout || !mounted) return;
    const p = screenToWorld(camera.cam, sx, sy);
    const change = overlays.hover(data.hit(p.x, p.y));
    if (change.match !== undefined) {
      mounted.canvas.style.cursor = change.match !== null ? 'pointer' : '';
      events.emit('hover.match', { id: change.match });
    }
    if (change.entry !== undefined) events.emit('hover.entry', { id: change.entry });
  }

  /**
   * Takes the renderer: `scene` draws the cards, `show` puts this engine's overlays on the stage,
   * `release` lets go of it all on destroy. Frames are drawn from the stage's first commit of this engine's overlays.
   */
  function start(app: Application, scene: BracketRenderer, show: (source: StageSource | null) => void, release: Mounted['release']) {
    const canvas = app.canvas;
    canvas.tabIndex = 0;
    canvas.setAttribute('role', 'application');
    canvas.setAttribute('aria-roledescription', 'bracket');
    canvas.setAttribute('aria-label', options.label ?? DEFAULT_LABEL);
    canvas.style.touchAction = 'none';
    canvas.style.display = 'block';
    app.ticker?.stop();
    // Nothing ticks while the bracket rests (a host's own Application keeps its ticking and events).
    if (ownsApp) quietPixi(app);
    app.stage.eventMode = 'none';
    app.stage.interactiveChildren = false;
    const images = new AvatarImages(scene.images, () => showImages());
    const unbind = bindPointerInput(
      canvas,
      canvasInput(camera, data, {
        now,
        changed: () => loop.request(),
        hover,
        open: (id, newTab) => events.emit('match.open', { id, newTab }),
        zoomBy: (f) => engine.zoomBy(f, camera.centre),
        panBy: (dx, dy) => engine.panBy(dx, dy),
        fit: () => engine.jumpTo('fit'),
      }),
    );
    const host = canvas.parentElement;
    const resizeObserver = host && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(resize) : null;
    if (host) resizeObserver?.observe(host);
    const minimap =
      host && options.minimap !== false
        ? new MinimapControl(host, {
            centreOn: (world, animate) => {
              camera.move(centreOn(world, camera.cam.zoom, camera.view), animate, now(), animate);
              loop.request();
            },
            panViewports: (fx, fy) => engine.panBy(-fx * camera.view.width, -fy * camera.view.height),
            dragging: (active) => {
              if (active) camera.motion.dragStart();
              else camera.motion.dragEnd({ vx: 0, vy: 0 }, now());
              loop.request();
            },
            focus: (focused) => overlays.focusMinimap(focused),
          })
        : null;
    mounted = { app, scene, release, canvas, images, resolution: app.renderer.resolution, unbind, resizeObserver, minimap };
    const frames = frameTarget(mounted);
    stageMounting = () => {
      stageMounting = null;
      loop.attach(frames);
    };
    show(stage);
    resize();
    if (data.matches) applyData();
    events.emit('ready', undefined);
  }

  const ready = (async () => {
    try {
      if (typeof WebGL2RenderingContext === 'undefined') throw new Error('The bracket needs WebGL 2');
      if (target instanceof Application) {
        // A host's Application: the scene and a stage of our own go into its stage, and leave it on destroy.
        if ((target.renderer as { context?: { webGLVersion?: number } }).context?.webGLVersion === 1) {
          throw new Error('The bracket needs WebGL 2 (its shaders are GLSL ES 3.0)');
        }
        const scene = new BracketRenderer(target.renderer.resolution);
        scene.warmUp(target.renderer);
        const own = await stageInApplication(target, scene);
        const release = () => {
          own.remove();
          scene.destroy();
        };
        if (destroyed) release();
        else start(target, scene, own.show, release);
        return;
      }
      // A canvas to draw into (a renderer of its own), or an element to fill with the page's kept renderer
      // (or a new one), whose canvas moves in here.
      const given = target instanceof HTMLCanvasElement ? target : null;
      const claimed = (slot = given ? startSurface(pixiAppOptions(resolution), resolution, given) : claimSurface(pixiAppOptions(resolution), resolution));
      const surface = await claimed.ready;
      // In a task of its own, not in the page's commit that mounted the canvas (its first resize reads the page's
      // layout and sizes the drawing buffer: ~100 ms at 4× CPU on a phone).
      await nextTask();
      // Destroyed meanwhile (React StrictMode mounts twice): destroy() let go of the slot.
      if (destroyed) return;
      if (!given) target.appendChild(surface.app.canvas);
      const release = given
        ? () => destroySurface(claimed, false)
        : () => {
            // The renderer is kept for the next bracket page: only the bracket goes (the scene's data, the canvas from the page).
            surface.show(null);
            surface.scene.clear();
            surface.app.canvas.style.cursor = '';
            surface.app.canvas.remove();
            releaseSurface(claimed);
          };
      start(surface.app, surface.scene, surface.show, release);
    } catch (error) {
      if (slot) slot.lost = true;
      failure = { error };
      events.emit('error', { error });
      loop.fail(error);
      throw error;
    }
  })();
  ready.catch(() => undefined);

  /** Whether moves animate: not when asked not to, nor before the renderer is up (nothing would draw them). */
  const animated = (opts: MoveOptions | undefined) => opts?.animate !== false && mounted !== null;
  const moved = (cam: Camera): Camera => {
    loop.request();
    return cam;
  };

  const engine: BracketEngine = {
    ready,
    setData(matches) {
      if (destroyed) return Promise.resolve();
      data.matches = matches;
      const drawn = failure ? Promise.reject(failure.error) : loop.whenDrawn();
      // A caller that ignores the promise should not see an unhandled rejection (no WebGL).
      drawn.catch(() => undefined);
      applyData();
      return drawn;
    },
    setCamera(cam, opts) {
      return moved(camera.give(cam, opts?.animate === true, now()));
    },
    zoomTo(zoom, at, opts) {
      return moved(camera.zoomTo(zoom, at, opts?.animate !== false, now()));
    },
    zoomBy(factor, at, opts) {
      return moved(camera.zoomBy(factor, at, opts?.animate !== false, now()));
    },
    panBy(dx, dy, opts) {
      return moved(camera.panBy(dx, dy, animated(opts), now()));
    },
    jumpTo(to, opts) {
      const cam = camera.jumpCamera(to, data.layout);
      if (cam) moved(camera.move(cam, animated(opts), now(), true));
    },
    flyToMatch(id, opts) {
      const node = data.nodeOf(id);
      if (node < 0) return false;
      moved(camera.flyTo(data.cardCentre(node), animated(opts), now()));
      return true;
    },
    flyToEntry(entryId, opts) {
      const node = data.latestNodeOf(entryId);
      if (node < 0) return false;
      overlays.pin(entryId);
      return engine.flyToMatch(data.matchId(node), opts);
    },
    highlightEntry(entryId) {
      overlays.pin(entryId);
    },
    selectMatch(id) {
      overlays.select(id);
    },
    markEntry(entryId) {
      overlays.mark(entryId);
    },
    findEntrants(query, limit) {
      return data.find(query, limit);
    },
    getCamera() {
      return { ...camera.cam };
    },
    renderNow() {
      return !destroyed && loop.renderNow();
    },
    beginMotion() {
      loop.beginMotion();
    },
    endMotion() {
      loop.endMotion();
    },
    on(type, fn) {
      return events.on(type, fn);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      stageMounting = null;
      // A kept renderer goes back at its own resolution.
      loop.fullResolution();
      loop.stop();
      if (mounted) {
        mounted.unbind();
        mounted.resizeObserver?.disconnect();
        mounted.minimap?.destroy();
        mounted.images.destroy();
        mounted.release();
      } else if (slot) {
        // Still starting: the slot goes back (or, for a canvas given, is destroyed) once it is up.
        if (target instanceof HTMLCanvasElement) destroySurface(slot, false);
        else releaseSurface(slot);
      }
      events.clear();
      stageListeners.clear();
      mounted = null;
      data.clear();
    },
  };
  return engine;
}

/** The viewer asked the system for less motion (no flashing cards). */
function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
