import { describe, expect, it } from 'vitest';
import { benchMatches } from '../../bench/bracket/data';
import { layoutBracket } from '../../src/bracket/layoutBracket';
import { CARD_HEIGHT, CARD_WIDTH } from '../../src/bracket/metrics';
import { embedSnippet, parseEmbedOptions } from '../../src/shared/embed/embedOptions';
import { cameraOnMatch, currentMatch, findEntrant } from '../../src/features/embed/followEntrant';

describe('embed options', () => {
  it('reads every option', () => {
    expect(parseEmbedOptions('?theme=transparent&follow=%20Zero_Spark29%20&track=losers&zoom=0.5')).toEqual({
      options: { theme: 'transparent', follow: 'Zero_Spark29', track: 'losers', zoom: 0.5 },
      hints: [],
    });
    expect(parseEmbedOptions('')).toEqual({ options: { theme: 'dark', follow: null, track: null, zoom: null }, hints: [] });
  });

  it('falls back on a bad value and says so', () => {
    const { options, hints } = parseEmbedOptions('?theme=blue&track=middle&zoom=abc&follow=&size=big');
    expect(options).toEqual({ theme: 'dark', follow: null, track: null, zoom: null });
    expect(hints).toEqual([
      'Unknown option "size": the options are theme, follow, track and zoom.',
      'Unknown theme "blue": use dark or transparent. Showing dark.',
      'Unknown track "middle": use winners or losers. Showing the bracket from its start.',
      'Zoom "abc" is not a number from 0.125 to 4: using the usual zoom.',
      '"follow" needs an entrant\'s name: nobody is followed.',
    ]);
  });

  it('clamps a zoom outside 0.125–4 and says so; refuses zero, negatives and an empty zoom', () => {
    expect(parseEmbedOptions('?zoom=10')).toEqual({ options: expect.objectContaining({ zoom: 4 }), hints: ['Zoom 10 is outside 0.125–4: using 4.'] });
    expect(parseEmbedOptions('?zoom=0.01').options.zoom).toBe(0.125);
    for (const zoom of ['0', '-1', '', 'Infinity']) expect(parseEmbedOptions(`?zoom=${zoom}`).options.zoom).toBeNull();
  });

  it('writes an <iframe> snippet with its attributes escaped', () => {
    expect(embedSnippet('https://clutch.gg', 'tournaments', 8, 'Winter "Major" <2024> & co')).toBe(
      '<iframe src="https://clutch.gg/embed/tournaments/8" title="Winter &quot;Major&quot; &lt;2024&gt; &amp; co" width="960" height="540" style="border:0;color-scheme:normal" allow="fullscreen" loading="lazy"></iframe>',
    );
  });
});

describe('following an entrant', () => {
  const matches = benchMatches(16, 0.5);

  it('finds an entrant by id, then by name whatever the case', () => {
    const entrant = matches[0].a;
    expect(findEntrant(matches, entrant.id!)).toBe(entrant.id);
    expect(findEntrant(matches, ` ${entrant.label.toUpperCase()} `)).toBe(entrant.id);
    expect(findEntrant(matches, 'nobody at all')).toBeNull();
  });

  it('is at their latest match, and moves on when they win', () => {
    const first = matches[0];
    const winner = (first.winner === 'A' ? first.a : first.b).id!;
    const at = currentMatch(matches, winner)!;
    expect(at).not.toBe(first.id);
    expect(matches.find((m) => m.id === at)!.winner).toBeNull();
    expect(currentMatch(matches, 'nobody')).toBeNull();
  });

  it('centres a match at the zoom asked for', () => {
    const view = { width: 800, height: 600 };
    const layout = layoutBracket(matches);
    const node = layout.nodeOf(matches[3].id);
    const camera = cameraOnMatch(matches, matches[3].id, 2, view)!;
    expect(camera.zoom).toBe(2);
    expect(camera.x + view.width / 2 / 2).toBeCloseTo(layout.nodes.x[node] + CARD_WIDTH / 2);
    expect(camera.y + view.height / 2 / 2).toBeCloseTo(layout.nodes.y[node] + CARD_HEIGHT / 2);
    expect(cameraOnMatch(matches, 999_999, 2, view)).toBeNull();
  });
});
