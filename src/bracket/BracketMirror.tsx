import { memo, startTransition, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
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

/**
 * Links of the open rounds put in the page with the first render; the rest follow in slices of LINKS_PER_SLICE, one
 * per idle moment. Thousands of links at once were one task of seconds on a phone (styles and layout of every element):
 * Lighthouse's blocking time on the 1,024-entry bracket. A bracket of 32 entries (63 matches) comes whole at once.
 */
const FIRST_LINKS = 64;
/** A slice small enough to be a short task on a phone (64 were 100-250 ms each at 4× CPU, blocking input). */
const LINKS_PER_SLICE = 16;

type LinkProps = Omit<BracketMirrorProps, 'matches'>;

/**
 * Runs `task` when the browser is idle after its next frame (a timer where there is no requestIdleCallback), so each
 * slice's styles and layout are done in that frame, not piled up for one; returns the cancel.
 */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback !== 'function' || typeof requestAnimationFrame !== 'function') {
    const id = setTimeout(task, 16);
    return () => clearTimeout(id);
  }
  let idle = 0;
  const frame = requestAnimationFrame(() => {
    idle = requestIdleCallback(task, { timeout: 500 });
  });
  return () => {
    cancelAnimationFrame(frame);
    cancelIdleCallback(idle);
  };
}

type Handlers = Omit<LinkProps, 'matchHref'>;

const Round = memo(function Round({ round, matchHref, link, shown }: { round: MirrorRound; matchHref: LinkProps['matchHref']; link: Handlers; shown: number }) {
  const [open, setOpen] = useState(round.matches.length <= OPEN_LIMIT);
  const click = (e: MouseEvent, id: number) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    link.onOpenMatch(id);
  };
  // A round the reader opened lists every match; an open one, those its slices reached so far.
  const listed = round.matches.length <= OPEN_LIMIT ? round.matches.slice(0, shown) : round.matches;
  const list = open && listed.length > 0 && (
    <ul>
      {listed.map((m) => (
        <li key={m.id}>
          <a className={classes.link} href={matchHref(m.id)} onClick={(e) => click(e, m.id)} onFocus={() => link.onFocusMatch?.(m.id)}>
            {matchLabel(m)}
          </a>
        </li>
      ))}
    </ul>
  );
  if (round.matches.length <= OPEN_LIMIT) {
    return (
      <section>
        <h3>{round.name}</h3>
        {list}
      </section>
    );
  }
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <h3>
          {round.name} ({round.matches.length} matches)
        </h3>
      </summary>
      {list}
    </details>
  );
});

/**
 * The bracket as a document: tracks and rounds as headings, each match a link "Match N: A vs B,
 * score" to its page. Visually hidden; it serves screen readers, keyboard users (a focused link
 * shows itself and the canvas follows it) and browser tests.
 */
export const BracketMirror = memo(function BracketMirror({ matches, ...link }: BracketMirrorProps) {
  const tracks = useMemo(() => mirrorTracks(matches), [matches]);
  // Where each open round starts in the order of the slices (collapsed rounds list all at once when opened).
  const { starts, total } = useMemo(() => {
    const at = new Map<string, number>();
    let n = 0;
    for (const t of tracks)
      for (const r of t.rounds) {
        at.set(r.key, n);
        if (r.matches.length <= OPEN_LIMIT) n += r.matches.length;
      }
    return { starts: at, total: n };
  }, [tracks]);
  const [listed, setListed] = useState(FIRST_LINKS);
  useEffect(() => {
    if (listed >= total) return;
    // A transition: React may also yield while rendering the slice.
    return whenIdle(() => startTransition(() => setListed((n) => n + LINKS_PER_SLICE)));
  }, [listed, total]);
  // The rounds re-render only when their own slice grows (or the links' URLs change): the handlers are read when used.
  const current = useRef(link);
  useEffect(() => {
    current.current = link;
  });
  const handlers = useMemo<Handlers>(
    () => ({
      onOpenMatch: (id) => current.current.onOpenMatch(id),
      onFocusMatch: (id) => current.current.onFocusMatch?.(id),
    }),
    [],
  );
  // Clamped to the round's length, so a round already whole is not rendered again by the next slice.
  const shownOf = (r: MirrorRound) => (r.matches.length > OPEN_LIMIT ? 0 : Math.min(r.matches.length, Math.max(0, listed - (starts.get(r.key) ?? 0))));
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
            <h2>{t.title}</h2>
            {t.rounds.map((r) => (
              <Round key={r.key} round={r} matchHref={link.matchHref} link={handlers} shown={shownOf(r)} />
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
