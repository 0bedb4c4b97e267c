/** Deterministic demo data: a seeded PRNG and believable names. */

/** mulberry32: tiny, fast, deterministic. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
    shuffle<T>(list: T[]): T[] {
      const out = list.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}
export type Rng = ReturnType<typeof prng>;

const PREFIXES = [
  'Shadow', 'Night', 'Frost', 'Blaze', 'Storm', 'Viper', 'Ghost', 'Rogue', 'Nova', 'Echo',
  'Iron', 'Crimson', 'Silent', 'Lunar', 'Neon', 'Toxic', 'Rapid', 'Savage', 'Atomic', 'Cyber',
  'Wild', 'Dark', 'Golden', 'Omega', 'Turbo', 'Hyper', 'Static', 'Venom', 'Arctic', 'Solar',
];
const SUFFIXES = [
  'Wolf', 'Hawk', 'Sniper', 'Fox', 'Reaper', 'Knight', 'Tiger', 'Raven', 'Fang', 'Blade',
  'Striker', 'Hunter', 'Ranger', 'Phoenix', 'Cobra', 'Titan', 'Falcon', 'Panther', 'Wraith', 'Bolt',
];
const REAL = [
  'Liam', 'Noah', 'Mia', 'Ava', 'Ethan', 'Zoe', 'Lucas', 'Ella', 'Mason', 'Chloe', 'Finn', 'Isla',
  'Leo', 'Ruby', 'Owen', 'Nina', 'Kai', 'Aria', 'Jude', 'Maya', 'Cole', 'Lena', 'Theo', 'Sofia',
];

/** `count` distinct player handles, like "FrostFang", "mia_raven", "NightHawk77". */
export function playerHandles(rng: Rng, count: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  while (out.length < count) {
    const style = rng.int(0, 3);
    const pre = rng.pick(PREFIXES);
    const suf = rng.pick(SUFFIXES);
    const name =
      style === 0
        ? `${pre}${suf}`
        : style === 1
          ? `${rng.pick(REAL).toLowerCase()}_${suf.toLowerCase()}`
          : style === 2
            ? `${pre}${suf}${rng.int(2, 99)}`
            : `${rng.pick(REAL)}${pre}`;
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

export const TEAM_NAMES = [
  'Apex Predators', 'Blackout Syndicate', 'Crimson Tide', 'Dark Matter', 'Eclipse Esports', 'Frostbite',
  'Ghost Protocol', 'Hydra Gaming', 'Iron Legion', 'Jackal Pack', 'Kinetic Five', 'Lunar Eclipse',
  'Midnight Reapers', 'Nebula Knights', 'Obsidian Order', 'Phantom Unit', 'Quantum Shift', 'Rogue Wave',
  'Spectre Squad', 'Titan Forge', 'Umbra Collective', 'Vanguard Elite', 'Wildfire', 'Zero Gravity',
] as const;

export const COLORS = [
  ['#e03131', '#ffc9c9'], ['#1971c2', '#a5d8ff'], ['#2f9e44', '#b2f2bb'], ['#f08c00', '#ffec99'],
  ['#6741d9', '#d0bfff'], ['#0c8599', '#99e9f2'], ['#c2255c', '#fcc2d7'], ['#495057', '#dee2e6'],
];

/** A square SVG shield with the team's initials: the generated demo logos. */
export function teamLogoSvg(name: string, index: number): string {
  const [fg, light] = COLORS[index % COLORS.length];
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 3)
    .toUpperCase();
  const stripe = index % 3 === 0 ? `<path d="M0 170 L256 110 L256 140 L0 200Z" fill="${light}" opacity=".35"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" rx="48" fill="#1a1b1e"/>
<path d="M128 24 L216 56 V128 C216 182 178 216 128 236 C78 216 40 182 40 128 V56Z" fill="${fg}" stroke="${light}" stroke-width="8"/>
${stripe}
<text x="128" y="150" font-family="Verdana, DejaVu Sans, sans-serif" font-size="${initials.length > 2 ? 58 : 72}" font-weight="bold" fill="#fff" text-anchor="middle">${initials}</text>
</svg>`;
}

export const SOCIAL_POSTS = [
  {
    text: 'The Winter Major is live: 64 players, double elimination, one trophy. Follow the bracket on the site — who are you backing?',
    daysAgo: 1,
  },
  {
    text: 'Switcheroo Singles sign-ups are OPEN. Solo queue, we pair you up. 16 spots, first come first served.',
    daysAgo: 3,
  },
  {
    text: 'GG to the Autumn Team Cup champions for taking it without dropping a map. Hall of Fame updated.',
    daysAgo: 6,
  },
  { text: 'New: report scores straight from the match page. Both captains confirm, the bracket moves on.', daysAgo: 9 },
];
