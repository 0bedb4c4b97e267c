import { extend, type PixiReactElementProps } from '@pixi/react';
import { Container } from 'pixi.js';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import type { EntrantPath } from '../entrantPaths';
import type { BracketLayout } from '../layoutBracket';
import type { MinimapPlacement } from '../minimap';
import type { BracketRenderer } from './BracketRenderer';
import { EntryMarker, FlashOverlay, MatchOutline, PathOverlay } from './FlatOverlays';
import { MinimapView } from './MinimapView';

/** What the stage shows over the cards: a snapshot from the engine's overlay store. */
export interface StageState {
  /** The layout the node numbers below refer to. */
  layout: BracketLayout | null;
  /** The highlighted entrant's path (hovered, else pinned). */
  path: EntrantPath | null;
  /** The cards changed by the latest live update, and when. */
  flash: { nodes: readonly number[]; at: number } | null;
  /** The selected match's node, -1 for none. */
  selected: number;
  /** The search marker: node and side of the entrant's row in its latest match. */
  marker: readonly [number, number] | null;
  /** Where the minimap sits (null: no minimap), and whether it has the keyboard focus. */
  minimap: MinimapPlacement | null;
  minimapFocused: boolean;
  /** The data version (a live update redraws the minimap's miniature). */
  version: number;
}

/** Where the stage reads its state (the engine drawing on it), for `useSyncExternalStore`. */
export interface StageSource {
  subscribe(onChange: () => void): () => void;
  getSnapshot(): StageState;
  /** React committed a new state to the Pixi objects: the engine draws a frame. */
  committed(): void;
}

export const EMPTY_STAGE: StageState = { layout: null, path: null, flash: null, selected: -1, marker: null, minimap: null, minimapFocused: false, version: -1 };
const noSource = (): (() => void) => () => undefined;
const emptySnapshot = () => EMPTY_STAGE;

/** Mounts a Pixi object made imperatively (the card meshes) at its place among the React-declared ones. */
export class SceneLayer extends Container {
  private adopted: Container | null = null;

  constructor(options: { content?: Container | null } = {}) {
    super({ label: 'bracket-layer' });
    this.content = options.content ?? null;
  }

  get content(): Container | null {
    return this.adopted;
  }

  set content(content: Container | null) {
    if (content === this.adopted) return;
    if (this.adopted) this.removeChild(this.adopted);
    this.adopted = content;
    if (content) this.addChild(content);
  }

  /** React unmounting the layer lets go of the content, which is not destroyed (the scene owns it). */
  override destroy(): void {
    this.content = null;
    super.destroy();
  }
}

extend({ SceneLayer, BracketPath: PathOverlay, CardFlash: FlashOverlay, MatchOutline, EntryMarker, BracketMinimap: MinimapView });

declare module '@pixi/react' {
  interface PixiElements {
    sceneLayer: PixiReactElementProps<typeof SceneLayer>;
    bracketPath: PixiReactElementProps<typeof PathOverlay>;
    cardFlash: PixiReactElementProps<typeof FlashOverlay>;
    matchOutline: PixiReactElementProps<typeof MatchOutline>;
    entryMarker: PixiReactElementProps<typeof EntryMarker>;
    bracketMinimap: PixiReactElementProps<typeof MinimapView>;
  }
}

export interface BracketStageProps {
  scene: BracketRenderer;
  /** The engine drawing on this stage, null while the renderer waits for the next bracket page. */
  source: StageSource | null;
  /** Called after every commit (the first one tells the renderer its stage is mounted). */
  onCommit?: () => void;
}

/**
 * The scene of the page's kept @pixi/react root, in drawing order: the card shapes, the highlighted
 * path and the live-update flash over them, the card text, then the selected match and the search
 * marker, and the minimap (its viewport follows the camera in every frame). The card meshes are imperative (`BracketRenderer`, mounted by `sceneLayer`); the objects
 * whose state lives in the engine's overlay store (hover, pinned entrant, live updates) or in React
 * (selection, search, through the engine facade) are declared here.
 */
export function BracketStage({ scene, source, onCommit }: BracketStageProps) {
  const state = useSyncExternalStore(source ? source.subscribe : noSource, source ? source.getSnapshot : emptySnapshot);
  useLayoutEffect(() => {
    source?.committed();
    onCommit?.();
  });
  return (
    <>
      <sceneLayer content={scene.shapes} />
      <bracketPath scene={scene} layout={state.layout} path={state.path} />
      <cardFlash scene={scene} layout={state.layout} flash={state.flash} />
      <sceneLayer content={scene.text} />
      <matchOutline scene={scene} layout={state.layout} node={state.selected} />
      <entryMarker scene={scene} layout={state.layout} row={state.marker} />
      <bracketMinimap scene={scene} layout={state.layout} version={state.version} placement={state.minimap} focused={state.minimapFocused} />
    </>
  );
}
