import type { Tx } from './client';
import { images, playerCards, users } from './schema';
import { COLORS } from './demoData';

/** How many demo cards the player cards page starts with (two pages of 20). */
export const DEMO_PLAYER_CARDS = 30;

/** A portrait-shaped SVG card: the player's initial on a coloured ring, the rank beneath. */
export function playerCardSvg(name: string, rank: number): string {
  const [fg, light] = COLORS[rank % COLORS.length];
  const initial = name.replace(/[^A-Za-z0-9]/g, '').slice(0, 1).toUpperCase() || '?';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300" viewBox="0 0 240 300">
<rect width="240" height="300" rx="24" fill="#1a1b1e"/>
<circle cx="120" cy="120" r="78" fill="${fg}" stroke="${light}" stroke-width="8"/>
<text x="120" y="146" font-family="Verdana, DejaVu Sans, sans-serif" font-size="72" font-weight="bold" fill="#fff" text-anchor="middle">${initial}</text>
<text x="120" y="262" font-family="Verdana, DejaVu Sans, sans-serif" font-size="40" font-weight="bold" fill="${light}" text-anchor="middle">#${rank}</text>
</svg>`;
}

/** Cards for the best-ranked demo players, rank 1 first, each with a generated picture. */
export async function seedPlayerCards(tx: Tx, players: (typeof users.$inferSelect)[]) {
  const top = [...players].sort((a, b) => b.katanaRank - a.katanaRank).slice(0, DEMO_PLAYER_CARDS);
  const pictures = await tx
    .insert(images)
    .values(
      top.map((p, i) => ({ contentType: 'image/svg+xml', data: Buffer.from(playerCardSvg(p.discordName, i + 1)).toString('base64') })),
    )
    .returning({ id: images.id });
  await tx.insert(playerCards).values(
    top.map((p, i) => ({
      name: p.discordName,
      rank: i + 1,
      twitterHandle: (p.twitterHandle ?? p.discordName).replace(/\W/g, '').slice(0, 15) || `player${i + 1}`,
      pictureUrl: `/v1/images/${pictures[i].id}`,
    })),
  );
}
