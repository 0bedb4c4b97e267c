import { Avatar, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Clutch's brand: an electric violet that reads well on the dark background.
const clutch: MantineColorsTuple = [
  '#f3edff',
  '#e0d7fa',
  '#beabf0',
  '#9a7de6',
  '#7c56de',
  '#693dd9',
  '#5f30d8',
  '#4f23c0',
  '#451eac',
  '#3a1899',
];

export const theme = createTheme({
  primaryColor: 'clutch',
  // The default dark shade (8) is too deep on our background; 6 keeps filled buttons vivid.
  primaryShade: { light: 6, dark: 6 },
  colors: { clutch },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '800' },
  defaultRadius: 'md',
  components: {
    // Initials on the light variant's deep violet were hard to read on the dark background.
    Avatar: Avatar.extend({ defaultProps: { variant: 'filled' } }),
  },
});

/** Dark-scheme variables Mantine's defaults get wrong for us (passed to MantineProvider). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: {
    // Dimmed text: Mantine's dark-2 (#828282) reads 3.5:1 on cards (dark-6); this one keeps 4.5:1 up to dark-5.
    '--mantine-color-dimmed': '#a8a8a8',
    // Links: a lighter shade of the brand colour, 4.5:1 or more on cards (clutch-3 read 4.2:1 on dark-6).
    '--mantine-color-anchor': 'var(--mantine-color-clutch-2)',
    // Mantine 9 draws light and subtle buttons' text near-white; destructive ones must read red.
    '--mantine-color-red-light-color': 'var(--mantine-color-red-4)',
  },
});
