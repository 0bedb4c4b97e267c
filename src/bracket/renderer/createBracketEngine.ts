import { Application, type ApplicationOptions } from 'pixi.js';
// Content-Security-Policy without eval: Pixi then uses its precompiled shader and uniform code
// (also for engines created without BracketCanvas, e.g. the benchmark page).
import 'pixi.js/unsafe-eval';
import { centreOn, fitBounds, screenToWorld, trackCamera, panBy, type Camera, type Point } from '../camera';
import { changedNodes } from '../diffMatches';
import { entrantPath, indexEntrants, latestNode, searchEntrants, type EntrantIndex } from '../entrantPaths';
import { layoutBracket, type BracketLayout } from '../layoutBracket';
import { AVATAR_SIZE, AVATAR_X, CARD_HEIGHT, CARD_WIDTH, ROW_HEIGHT } from '../metrics';
import type { ViewMatch } from '../model';
import { nodeAt } from '../spatialIndex';
import { AvatarImages, IMAGE_ZOOM, type AvatarSpot } from './AvatarImages';
import { BracketRenderer } from './BracketRenderer';
import { CameraController } from './CameraController';
import { bindPointerInput } from './PointerInput';
import { claimSurface, prepareSurface, releaseSurface, type SurfaceSlot } from './rendererPool';

/** Where `jumpTo` goes: the Winners track, the Losers track, or the whole bracket. */
export type JumpTarget = 'winners' | 'losers' | 'fit';

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
}

/** Moves that can be animated; `animate: false` applies them at once. */
export interface MoveOptions {
  animate?: boolean;
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

const KEY_PAN = 160;
const KEY_ZOOM = 1.25;
/**
 * Resolution factor while the zoom changes (a wheel zoom, an animated zoom, continuous motion): a quarter of the
 * pixels to draw and, with a software compositor, to read back every frame; full resolution again on settling.
 */
const ZOOMING_RESOLUTION = 0.5;

/**
 * Creates the bracket canvas in `target`: a canvas to draw into, an element to fill with the
 * canvas of the page's kept renderer (both sized by their parent, followed with a ResizeObserver), or a Pixi
 * Application that a host already initialised (the engine then leaves it alive on destroy).
 * Rendering happens on demand only: nothing runs while the bracket is idle. Safe against
 * destroy() during the asynchronous initialisation (React StrictMode's double mount).
 */
export function createBracketEngine(target: HTMLElement | Application, options: BracketEngineOptions = {}): BracketEngine {
  type Listener = (payload: never) => void;
  const listeners = new Map<keyof BracketEngineEvents, Set<Listener>>();
  const emit = <K extends keyof BracketEngineEvents>(type: K, payload: BracketEngineEvents[K]) => {
    for (const fn of listeners.get(type) ?? []) (fn as (p: BracketEngineEvents[K]) => void)(payload);
  };
  const resolution = options.resolution ?? defaultResolution();
  const controller = new CameraController();
  let destroyed = false;
  let app: Application | null = null;
  let scene: BracketRenderer | null = null;
  let images: AvatarImages | null = null;
  let canvas: HTMLCanvasElement | null = null;
  /** The kept renderer this engine borrowed (an engine created in an element): handed back on destroy. */
  let slot: SurfaceSlot | null = null;
  let unbind: (() => void) | null = null;
  let resizeObserver: ResizeObserver | null = null;
  let raf = 0;
  /** Pending idle callback (text prefetch), 0 when none. */
  let idle = 0;
  let data: readonly ViewMatch[] | null = null;
  /** The list `layout` was built from (live updates are compared with it). */
  let laidOut: readonly ViewMatch[] | null = null;
  let layout: BracketLayout | null = null;
  /** setData() promises waiting for their data to be drawn. */
  let waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  /** Continuous motion: no settling per frame. */
  let inMotion = false;
  /** The renderer's own resolution, and whether frames are drawn at ZOOMING_RESOLUTION of it. */
  let fullResolution = 1;
  let zoomingResolution = false;
  let lastZoom = 0;
  /** setCamera() ran before the first data: it replaces the initial placement. */
  let cameraGiven = false;
  /** Why the renderer could not start, once known. */
  let failure: { error: unknown } | null = null;
  let entrants: EntrantIndex | null = null;
  let placed = false;
  let settled: Camera | null = null;
  let hoverNode = -1;
  let hoverEntry: string | null = null;
  let pinnedEntry: string | null = null;
  const ownsApp = !(target instanceof Application);

  const now = () => performance.now();
  const requestFrame = () => {
    if (!raf && !destroyed && scene) raf = requestAnimationFrame(frame);
  };

  function frame(time: number) {
    raf = 0;
    if (!app || !scene || destroyed) return;
    const t0 = now();
    const moving = controller.step(time);
    const zoom = controller.cam.zoom;
    if (zoom !== lastZoom && (moving || inMotion)) lowerResolution(true);
    lastZoom = zoom;
    const more = scene.update(controller.cam, controller.view);
    const flashing = scene.stepFlashes(now());
    app.renderer.render({ container: app.stage });
    if (layout && waiting.length > 0) {
      const drawn = waiting;
      waiting = [];
      for (const w of drawn) w.resolve();
    }
    if (listeners.get('frame')?.size) emit('frame', { now: time, cpuMs: now() - t0, ...scene.stats() });
    if (flashing) requestFrame();
    if (moving || more || controller.moving || inMotion) {
      if (moving || more) requestFrame();
      return;
    }
    if (zoomingResolution) {
      // At rest: one more frame, at full resolution, then settle.
      lowerResolution(false);
      requestFrame();
      return;
    }
    settle();
  }

  function lowerResolution(low: boolean) {
    if (!app || !scene || low === zoomingResolution) return;
    zoomingResolution = low;
    const resolution = low ? fullResolution * ZOOMING_RESOLUTION : fullResolution;
    app.renderer.resize(controller.view.width, controller.view.height, resolution);
    scene.setResolution(resolution);
  }

  function settle() {
    // Nothing to report before the data is placed: the first frame can run before setData(), or on the
    // empty data of a canvas mounted while its matches load, and a settle then would announce the default
    // camera that the placement replaces a moment later.
    if (!layout || !placed) return;
    const cam = controller.cam;
    if (settled && settled.x === cam.x && settled.y === cam.y && settled.zoom === cam.zoom) return;
    settled = { ...cam };
    showImages();
    prefetch();
    emit('camera.settle', { ...cam });
  }

  /**
   * While idle, builds the text around the camera so the next pan finds it ready, then the
   * entrant index (one block: ~100 ms for 65,536 entrants) so the first hover or search does
   * not wait for it.
   */
  function prefetch() {
    if (idle || !scene) return;
    const schedule = (fn: (deadline: number) => void, timeout?: number) =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback((d) => fn(now() + Math.min(8, d.timeRemaining())), timeout ? { timeout } : undefined)
        : window.setTimeout(() => fn(now() + 4), 50);
    const quiet = () => !destroyed && scene && !controller.moving && !inMotion;
    const step = (deadline: number) => {
      idle = 0;
      if (!quiet() || !scene) return;
      if (scene.prefetchText(controller.cam, controller.view, deadline)) idle = schedule(step, 500);
      else if (!entrants && layout) {
        idle = schedule(() => {
          idle = 0;
          if (quiet()) entrantIndex();
        });
      }
    };
    idle = schedule(step, 500);
  }

  function cancelPrefetch() {
    if (idle && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    else if (idle) clearTimeout(idle);
    idle = 0;
  }

  function showImages() {
    if (!images || !layout) return;
    const cam = controller.cam;
    if (cam.zoom < IMAGE_ZOOM) {
      images.hide();
      requestFrame();
      return;
    }
    const spots: AvatarSpot[] = [];
    const { nodes } = layout;
    const view = { x: cam.x, y: cam.y, w: controller.view.width / cam.zoom, h: controller.view.height / cam.zoom };
    for (const col of layout.columns) {
      if (col.x > view.x + view.w || col.x + CARD_WIDTH < view.x) continue;
      // Cards of a column are sorted top to bottom: start at the first one reaching the view.
      let lo = col.first;
      let hi = col.end;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (nodes.y[mid] + CARD_HEIGHT < view.y) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < col.end && nodes.y[i] <= view.y + view.h; i++) {
        const y = nodes.y[i];
        const m = nodes.match[i];
        [m.a, m.b].forEach((e, side) => {
          if (e.imageUrl && e.id !== null) {
            spots.push({ url: e.imageUrl, x: nodes.x[i] + AVATAR_X, y: y + side * ROW_HEIGHT + (ROW_HEIGHT - AVATAR_SIZE) / 2, size: AVATAR_SIZE });
          }
        });
      }
    }
    images.show(spots);
    requestFrame();
  }

  function entrantIndex(): EntrantIndex | null {
    if (!entrants && layout) entrants = indexEntrants(layout);
    return entrants;
  }

  function refreshHighlight() {
    if (!scene || !layout) return;
    const id = hoverEntry ?? pinnedEntry;
    const index = id ? entrantIndex() : null;
    scene.setHighlight(id && index ? entrantPath(layout, index, id) : null);
    requestFrame();
  }

  function cameraFor(to: JumpTarget): Camera | null {
    if (!layout || layout.nodes.count === 0) return null;
    if (to === 'fit') return fitBounds(layout.bounds, controller.view);
    const track = layout.tracks[to];
    return track.width > 0 ? trackCamera(track, controller.view) : null;
  }

  /** Moves the camera (at once, or animated); returns the camera applied or aimed at. */
  function move(cam: Camera | null, opts: MoveOptions | undefined, fly = false): Camera {
    if (cam) {
      if (opts?.animate === false || !scene) controller.set(cam);
      else controller.animateTo(cam, now(), { fly });
      requestFrame();
    }
    return { ...controller.target };
  }

  function applyData() {
    if (!scene || !data) return;
    const changed = layout && laidOut ? changedNodes(layout, laidOut, data) : null;
    laidOut = data;
    if (layout && changed) {
      // Same places: redraw the changed cards only; the camera and its motion carry on.
      if (changed.length > 0) {
        entrants = null;
        scene.updateMatches(changed);
        // A card changed under the viewer's eyes flashes briefly, unless they asked for less motion.
        if (!prefersReducedMotion()) scene.flash(changed, now());
        refreshHighlight();
        prefetch();
      }
      requestFrame();
      return;
    }
    layout = layoutBracket(data);
    entrants = null;
    scene.setLayout(layout);
    controller.setBounds(layout.nodes.count > 0 ? layout.bounds : null);
    if (!placed && layout.nodes.count > 0 && controller.view.width > 1) {
      placed = true;
      const view = options.initialView ?? 'auto';
      const whole = fitBounds(layout.bounds, controller.view);
      const auto = whole.zoom >= 0.5 ? 'fit' : 'winners';
      if (!cameraGiven) controller.set(cameraFor(view === 'auto' ? auto : view) ?? whole);
    }
    settled = null;
    refreshHighlight();
    requestFrame();
  }

  function resize() {
    if (!app || !canvas) return;
    const host = canvas.parentElement;
    const w = Math.max(1, host?.clientWidth ?? canvas.clientWidth);
    const h = Math.max(1, host?.clientHeight ?? canvas.clientHeight);
    if (w === controller.view.width && h === controller.view.height) return;
    app.renderer.resize(w, h);
    controller.view = { width: w, height: h };
    if (!placed && data) applyData();
    controller.setBounds(controller.bounds);
    requestFrame();
  }

  function hover(sx: number, sy: number) {
    if (!layout || !canvas) return;
    const p = screenToWorld(controller.cam, sx, sy);
    const node = nodeAt(layout, p.x, p.y);
    if (node !== hoverNode) {
      hoverNode = node;
      canvas.style.cursor = node >= 0 ? 'pointer' : '';
      emit('hover.match', { id: node >= 0 ? layout.nodes.match[node].id : null });
    }
    let entry: string | null = null;
    if (node >= 0) {
      const m = layout.nodes.match[node];
      entry = (p.y - layout.nodes.y[node] < ROW_HEIGHT ? m.a : m.b).id;
    }
    if (entry !== hoverEntry) {
      hoverEntry = entry;
      emit('hover.entry', { id: entry });
      refreshHighlight();
    }
  }

  function start(a: Application, kept?: BracketRenderer) {
    if ((a.renderer as { context?: { webGLVersion?: number } }).context?.webGLVersion === 1) {
      throw new Error('The bracket needs WebGL 2 (its shaders are GLSL ES 3.0)');
    }
    app = a;
    fullResolution = a.renderer.resolution;
    canvas = a.canvas;
    canvas.tabIndex = 0;
    canvas.setAttribute('role', 'application');
    canvas.setAttribute('aria-roledescription', 'bracket');
    canvas.setAttribute('aria-label', options.label ?? 'Tournament bracket. Arrow keys pan, plus and minus zoom, 0 fits the bracket.');
    canvas.style.touchAction = 'none';
    canvas.style.display = 'block';
    a.ticker?.stop();
    a.stage.eventMode = 'none';
    a.stage.interactiveChildren = false;
    scene = kept ?? new BracketRenderer(a.renderer.resolution);
    if (!kept) a.stage.addChild(scene.world);
    images = new AvatarImages(scene.images, () => showImages());
    unbind = bindPointerInput(canvas, {
      dragStart: () => controller.dragStart(),
      dragMove: (dx, dy) => {
        controller.dragMove(dx, dy);
        requestFrame();
      },
      dragEnd: (vx, vy) => {
        controller.dragEnd({ vx, vy }, now());
        requestFrame();
      },
      pinch: (f, sx, sy, dx, dy) => {
        controller.pinch(f, sx, sy, dx, dy);
        requestFrame();
      },
      wheel: (f, sx, sy, smooth) => {
        if (smooth) controller.wheel(f, sx, sy, now());
        else controller.zoomNow(f, sx, sy);
        requestFrame();
      },
      hover,
      leave: () => {
        hover(-1e9, -1e9);
      },
      tap: (sx, sy, newTab) => {
        if (!layout) return;
        const p = screenToWorld(controller.cam, sx, sy);
        const node = nodeAt(layout, p.x, p.y);
        if (node >= 0) emit('match.open', { id: layout.nodes.match[node].id, newTab });
      },
      doubleTap: (sx, sy) => {
        if (!layout) return;
        const p = screenToWorld(controller.cam, sx, sy);
        if (nodeAt(layout, p.x, p.y) >= 0) return;
        controller.zoomBy(2, sx, sy, now());
        requestFrame();
      },
      key: (action) => {
        const c = { x: controller.view.width / 2, y: controller.view.height / 2 };
        if (action === 'in') engine.zoomBy(KEY_ZOOM, c);
        else if (action === 'out') engine.zoomBy(1 / KEY_ZOOM, c);
        else if (action === 'fit') engine.jumpTo('fit');
        else {
          const dx = action === 'left' ? KEY_PAN : action === 'right' ? -KEY_PAN : 0;
          const dy = action === 'up' ? KEY_PAN : action === 'down' ? -KEY_PAN : 0;
          engine.panBy(dx, dy);
        }
      },
    });
    const host = canvas.parentElement;
    if (host && typeof ResizeObserver !== 'undefined') {
      resizeObserver = new ResizeObserver(resize);
      resizeObserver.observe(host);
    }
    resize();
    // Compile the shaders and upload the glyph atlas now, before any data arrives (a kept renderer did).
    if (!kept) scene.warmUp(a.renderer, a.stage);
    if (data) applyData();
    emit('ready', undefined);
  }

  const ready = (async () => {
    try {
      if (typeof WebGL2RenderingContext === 'undefined') throw new Error('The bracket needs WebGL 2');
      let a: Application;
      if (target instanceof Application) {
        a = target;
      } else if (!(target instanceof HTMLCanvasElement)) {
        // An element to fill: borrow the page's kept renderer (or start one), its canvas moves in here.
        slot = claimSurface(pixiAppOptions(resolution), resolution);
        const surface = await slot.ready;
        if (destroyed) return;
        target.appendChild(surface.app.canvas);
        start(surface.app, surface.scene);
        return;
      } else {
        a = new Application();
        const sized = target.parentElement ?? target;
        await a.init({ ...pixiAppOptions(resolution), canvas: target, width: Math.max(1, sized.clientWidth), height: Math.max(1, sized.clientHeight) });
        if (destroyed) {
          // Destroyed while initialising (React StrictMode mounts twice): drop the late Application.
          a.destroy(false, { children: true });
          return;
        }
      }
      if (!destroyed) start(a);
    } catch (error) {
      if (slot) slot.lost = true;
      failure = { error };
      emit('error', { error });
      for (const w of waiting) w.reject(error);
      waiting = [];
      throw error;
    }
  })();
  ready.catch(() => undefined);

  const engine: BracketEngine = {
    ready,
    setData(matches) {
      if (destroyed) return Promise.resolve();
      data = matches;
      const drawn = failure ? Promise.reject(failure.error) : new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
      // A caller that ignores the promise should not see an unhandled rejection (no WebGL).
      drawn.catch(() => undefined);
      if (scene) applyData();
      return drawn;
    },
    setCamera(cam, opts) {
      if (!placed) cameraGiven = true;
      if (opts?.animate) {
        controller.animateTo(cam, now());
        requestFrame();
        return { ...controller.target };
      }
      return move(cam, { animate: false });
    },
    zoomTo(zoom, at, opts) {
      const p = at ?? { x: controller.view.width / 2, y: controller.view.height / 2 };
      if (opts?.animate === false) controller.zoomNowTo(zoom, p.x, p.y);
      else controller.zoomAround(zoom, p.x, p.y, now());
      requestFrame();
      return { ...controller.target };
    },
    zoomBy(factor, at, opts) {
      if (opts?.animate === false) return engine.zoomTo(controller.targetZoom * factor, at, opts);
      const p = at ?? { x: controller.view.width / 2, y: controller.view.height / 2 };
      controller.zoomBy(factor, p.x, p.y, now());
      requestFrame();
      return { ...controller.target };
    },
    panBy(dx, dy, opts) {
      // From where a move under way ends, so that quick presses of the arrow keys add up.
      return move(panBy(controller.target, dx, dy), opts);
    },
    jumpTo(to, opts) {
      move(cameraFor(to), opts, true);
    },
    flyToMatch(id, opts) {
      const node = layout ? layout.nodeOf(id) : -1;
      if (!layout || node < 0) return false;
      const centre = { x: layout.nodes.x[node] + CARD_WIDTH / 2, y: layout.nodes.y[node] + CARD_HEIGHT / 2 };
      move(centreOn(centre, Math.max(1, controller.cam.zoom), controller.view), opts, true);
      return true;
    },
    flyToEntry(entryId, opts) {
      const index = entrantIndex();
      const node = index ? latestNode(index, entryId) : -1;
      if (!layout || node < 0) return false;
      pinnedEntry = entryId;
      refreshHighlight();
      return engine.flyToMatch(layout.nodes.match[node].id, opts);
    },
    highlightEntry(entryId) {
      pinnedEntry = entryId;
      refreshHighlight();
    },
    findEntrants(query, limit) {
      const index = entrantIndex();
      return index ? searchEntrants(index, query, limit) : [];
    },
    getCamera() {
      return { ...controller.cam };
    },
    renderNow() {
      if (!scene || destroyed) return false;
      if (raf) cancelAnimationFrame(raf);
      frame(now());
      return true;
    },
    beginMotion() {
      inMotion = true;
      cancelPrefetch();
    },
    endMotion() {
      if (!inMotion) return;
      inMotion = false;
      requestFrame();
    },
    on(type, fn) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      set.add(fn as Listener);
      return () => set.delete(fn as Listener);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      if (raf) cancelAnimationFrame(raf);
      raf = 0;
      cancelPrefetch();
      unbind?.();
      resizeObserver?.disconnect();
      images?.destroy();
      // A kept renderer goes back at its own resolution.
      lowerResolution(false);
      if (slot) {
        // The renderer is kept for the next bracket page: only the bracket goes (the scene's data, the canvas from the page).
        scene?.clear();
        if (canvas) {
          canvas.style.cursor = '';
          canvas.remove();
        }
        releaseSurface(slot);
      } else {
        if (scene) {
          scene.world.removeFromParent();
          scene.destroy();
        }
        // A canvas handed to the engine stays in the page; one it created goes.
        if (app && ownsApp) app.destroy(false, { children: true });
      }
      listeners.clear();
      for (const w of waiting) w.resolve();
      waiting = [];
      scene = null;
      images = null;
      app = null;
      canvas = null;
      data = laidOut = layout = null;
      entrants = null;
    },
  };
  return engine;
}

/** The viewer asked the system for less motion (no flashing cards). */
function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
