import { memo, useMemo, useRef, useState, type MouseEvent } from 'react';
import classes from './BracketMirror.module.css';
import type { ViewMatch } from './model';
import { matchLabel, mirrorTracks, type MirrorRound } from './mirrorModel';

export interface BracketMirrorProps {
  matches: readonly ViewMatch[];
  matchHref: (id: number) => string;
  onOpenMatch: (id: number) => void;
  /** A match link got keyboard focus (the canvas flies there). */
  onFocusMatch?: (id: number) => void;
}

/** Rounds longer than this start collapsed, so a 16,384-entrant bracket does not put 32,767 links in the page at once. */
const OPEN_LIMIT = 256;

type LinkProps = Omit<BracketMirrorProps, 'matches'>;

function Round({ round, link }: { round: MirrorRound; link: LinkProps }) {
  const [open, setOpen] = useState(round.matches.length <= OPEN_LIMIT);
  const click = (e: MouseEvent, id: number) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    link.onOpenMatch(id);
  };
  const list = open && (
    <ul>
      {round.matches.map((m) => (
        <li key={m.id}>
          <a className={classes.link} href={link.matchHref(m.id)} onClick={(e) => click(e, m.id)} onFocus={() => link.onFocusMatch?.(m.id)}>
            {matchLabel(m)}
          </a>
        </li>
      ))}
    </ul>
  );
  if (round.matches.length <= OPEN_LIMIT) {
    return (
      <section>
        <h4>{round.name}</h4>
        {list}
      </section>
    );
  }
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <h4>
          {round.name} ({round.matches.length} matches)
        </h4>
      </summary>
      {list}
    </details>
  );
}

/**
 * The bracket as a document: tracks and rounds as headings, each match a link "Match N: A vs B,
 * score" to its page. Visually hidden; it serves screen readers, keyboard users (a focused link
 * shows itself and the canvas follows it) and browser tests.
 */
export const BracketMirror = memo(function BracketMirror({ matches, ...link }: BracketMirrorProps) {
  const tracks = useMemo(() => mirrorTracks(matches), [matches]);
  const end = useRef<HTMLSpanElement>(null);
  // A big bracket is hundreds of links: keyboard users may jump past them to the rest of the page.
  const skip = (e: MouseEvent) => {
    e.preventDefault();
    end.current?.focus();
  };
  return (
    <>
      <a href="#bracket-mirror-end" className={classes.skip} onClick={skip}>
        Skip the list of matches
      </a>
      <nav aria-label="Bracket matches" className={classes.mirror} data-testid="bracket-mirror">
        {tracks.map((t) => (
          <section key={t.track} aria-label={t.title}>
            <h3>{t.title}</h3>
            {t.rounds.map((r) => (
              <Round key={r.key} round={r} link={link} />
            ))}
          </section>
        ))}
      </nav>
      <span id="bracket-mirror-end" ref={end} tabIndex={-1} className={classes.mirror}>
        End of the list of matches
      </span>
    </>
  );
});
