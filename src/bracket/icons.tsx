import type { SVGProps } from 'react';

/* Small stroke icons for the bracket controls (the app has no icon set). */

function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...props}>
      {children}
    </svg>
  );
}

export const ZoomInIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="M8 11h6M11 8v6M21 21l-4.35-4.35" />
  </Icon>
);

export const ZoomOutIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="M8 11h6M21 21l-4.35-4.35" />
  </Icon>
);

/** A frame around the whole bracket. */
export const FitIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M8 9h3v6H8M16 9h-3v6h3M11 12h2" />
  </Icon>
);

export const FullscreenIcon = ({ exit }: { exit: boolean }) => (
  <Icon>{exit ? <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" /> : <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />}</Icon>
);

export const SearchIcon = () => (
  <Icon width={16} height={16}>
    <circle cx="11" cy="11" r="7" />
    <path d="M21 21l-4.35-4.35" />
  </Icon>
);
