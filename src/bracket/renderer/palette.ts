/*
 * Dark theme of the bracket (Mantine dark scale). Colours are 0xRRGGBB; `rgba` packs a colour
 * premultiplied by its alpha into the little-endian RGBA byte order the shaders read.
 */
export const PALETTE = {
  background: 0x1a1b1e,
  card: 0x2c2e33,
  cardEmpty: 0x232428,
  numberCell: 0x25262b,
  numberCellReady: 0x1864ab,
  divider: 0x373a40,
  scorePending: 0x373a40,
  win: 0x2f9e44,
  lose: 0xe03131,
  stripePending: 0x5c5f66,
  edge: 0x3d4047,
  edgeDecided: 0x6b6f76,
  greek: 0x868e96,
  greekDim: 0x4a4d53,
  text: 0xdee2e6,
  textWin: 0xffffff,
  textLose: 0x909296,
  textDim: 0x6b6f76,
  textNumber: 0x909296,
  header: 0x909296,
  title: 0xc1c2c5,
  highlight: 0xfcc419,
  /** The selected match (focused in the match list) and the minimap's viewport. */
  selection: 0x4dabf7,
  avatars: [0x5f3dc4, 0x1971c2, 0x0c8599, 0x2b8a3e, 0xe67700, 0xc2255c, 0x862e9c, 0x364fc7],
} as const;

/** Packed premultiplied RGBA (byte 0 = red) as an unsigned 32-bit integer. */
export function rgba(color: number, alpha = 1): number {
  const a = Math.round(Math.min(1, Math.max(0, alpha)) * 255);
  const r = Math.round(((color >> 16) & 255) * alpha);
  const g = Math.round(((color >> 8) & 255) * alpha);
  const b = Math.round((color & 255) * alpha);
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/** Stable avatar colour for a name. */
export function avatarColor(label: string): number {
  let h = 2166136261;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 16777619);
  return PALETTE.avatars[(h >>> 0) % PALETTE.avatars.length];
}

/** `color` at `alpha` over the background, as an opaque colour. */
export function overBackground(color: number, alpha: number): number {
  const mix = (shift: number) => Math.round(((color >> shift) & 255) * alpha + ((PALETTE.background >> shift) & 255) * (1 - alpha));
  return (mix(16) << 16) | (mix(8) << 8) | mix(0);
}

/** `a` blended towards `b` by `t`, opaque. */
export function mixColors(a: number, b: number, t: number): number {
  const mix = (shift: number) => Math.round(((a >> shift) & 255) * (1 - t) + ((b >> shift) & 255) * t);
  return (mix(16) << 16) | (mix(8) << 8) | mix(0);
}
