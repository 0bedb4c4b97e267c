/** Links of the footer and the static pages. The company's own pages live on its site. */
export const SITE = {
  company: 'Clutch Esports Ltd',
  companyUrl: 'https://clutch.gg',
  terms: 'https://clutch.gg/terms',
  privacy: 'https://clutch.gg/privacy',
  cookies: 'https://clutch.gg/cookies',
  social: 'https://x.com/clutchleague',
  socialLabel: 'X (Twitter)',
  discordInvite: 'https://discord.gg/clutch',
  supportTickets: 'https://discord.gg/clutch-support',
  schedule: 'https://clutch.gg/schedule',
} as const;
