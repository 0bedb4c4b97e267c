import { fromEngine, type ViewMatch } from '../../src/bracket/model';
import { generateBracket } from '../../src/domain/bracket/generateBracket';
import { resolveMatch } from '../../src/domain/bracket/propagate';
import type { Bracket } from '../../src/domain/bracket/types';

// Deterministic bench data: a real engine bracket with about half of the matches (the first half
// in play order) decided, gamer-tag names and scores.

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const FIRST = ['Night', 'Shadow', 'Blaze', 'Frost', 'Zero', 'Viper', 'Ghost', 'Nova', 'Rogue', 'Titan', 'Echo', 'Pixel', 'Storm', 'Raven', 'Iron', 'Lunar', 'Crimson', 'Silent', 'Turbo', 'Neon'];
const SECOND = ['Owl', 'Fang', 'Strike', 'Wolf', 'Byte', 'Reaper', 'Knight', 'Hawk', 'Pulse', 'Drift', 'Sniper', 'Flux', 'Core', 'Blade', 'Fox', 'Rush', 'Spark', 'Lynx', 'Vortex', 'Ace'];

export function entrantName(e: number): string {
  const r = random(e * 7919 + 17);
  const a = FIRST[Math.floor(r() * FIRST.length)];
  const b = SECOND[Math.floor(r() * SECOND.length)];
  const style = Math.floor(r() * 4);
  if (style === 0) return `${a}${b}`;
  if (style === 1) return `${a}_${b}${Math.floor(r() * 99)}`;
  if (style === 2) return `xX${a}${b}Xx`;
  return `${a.toLowerCase()}.${b.toLowerCase()} ${Math.floor(r() * 999)}`;
}

/** Decides the first `share` of the matches in play order (A wins 70 % of the time). */
export function playedBracket(n: number, share = 0.5): Bracket {
  const b = generateBracket(n);
  const matches = b.matches.slice();
  const decide = Math.floor(matches.length * share);
  const r = random(n);
  for (let i = 0; i < matches.length; i++) {
    let m = resolveMatch(matches[i], matches, n, null, true);
    if (i < decide && m.live && m.winner === null && m.entryA !== null && m.entryB !== null) {
      m = resolveMatch(m, matches, n, r() < 0.7 ? 'A' : 'B', true);
    }
    matches[i] = m;
  }
  return { ...b, matches };
}

/** A generated logo (an SVG data URL) for every third entrant when `images` is set. */
function logo(e: number): string | null {
  if (e % 3 !== 0) return null;
  const hue = (e * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,35%)"/></linearGradient></defs><rect width="64" height="64" fill="url(#g)"/><path d="M14 46 L32 14 L50 46 Z" fill="white" fill-opacity="0.85"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function benchMatches(n: number, share = 0.5, images = false): ViewMatch[] {
  return fromEngine(
    playedBracket(n, share),
    (e) => ({ label: entrantName(e), imageUrl: images ? logo(e) : null }),
    (m) => (m.winner === 'A' ? [2, m.number % 2] : [m.number % 2, 2]),
  );
}
