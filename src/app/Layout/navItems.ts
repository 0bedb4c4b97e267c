/** The header navigation, in the spec's order. */
export const NAV_ITEMS = [
  { label: 'HOME', href: '/', match: (path: string) => path === '/' },
  { label: 'TOURNAMENTS', href: '/tournaments', match: (path: string) => path.startsWith('/tournaments') },
  { label: 'PLAYER CARDS', href: '/players/player-cards', match: (path: string) => path === '/players/player-cards' },
  { label: 'LEAGUE', href: '/league', match: (path: string) => path === '/league' },
  { label: 'SUPPORT', href: '/support', match: (path: string) => path === '/support' },
] as const;
