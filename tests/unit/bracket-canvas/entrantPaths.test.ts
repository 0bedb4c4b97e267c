import { describe, expect, it } from 'vitest';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import { recordResult } from '../../../src/domain/bracket/recordResult';
import { fromEngine } from '../../../src/bracket/model';
import { layoutBracket } from '../../../src/bracket/layoutBracket';
import { entrantPath, indexEntrants, latestNode, searchEntrants } from '../../../src/bracket/entrantPaths';

const names = (e: number) => ({ label: ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'][e], imageUrl: null });

describe('entrant paths', () => {
  // 8 entrants: R1 1–4, LR1 5–6, R2 7–8, LR2 9–10, WF 11, LR3 12, LF 13, GF 14, GF2 15.
  let b = generateBracket(8);
  b = recordResult(b, 1, 'A'); // seed 1 (Alpha) beats seed 8 (Hotel)
  b = recordResult(b, 2, 'B'); // seed 5 (Echo) beats seed 4 (Delta)
  const layout = layoutBracket(fromEngine(b, names));
  const index = indexEntrants(layout);
  const numbers = (nodes: number[]) => nodes.map((n) => layout.nodes.match[n].number);

  it('lists the matches an entrant is in and where it goes by winning', () => {
    const path = entrantPath(layout, index, '0');

    expect(path).not.toBeNull();
    expect(numbers(path!.played)).toEqual([1, 7]);
    expect(numbers(path!.ahead)).toEqual([11, 14]);
    expect(path!.rows.map(([n, side]) => [layout.nodes.match[n].number, side])).toEqual([
      [1, 0],
      [7, 0],
    ]);
  });

  it('follows a loser into the losers bracket', () => {
    const path = entrantPath(layout, index, '7'); // Hotel lost match 1

    expect(numbers(path!.played)).toEqual([1, 5]);
    expect(numbers(path!.ahead)).toEqual([9, 12, 13, 14]);
  });

  it('finds the latest match and searches names', () => {
    expect(layout.nodes.match[latestNode(index, '4')].number).toBe(7);
    expect(latestNode(index, 'nobody')).toBe(-1);
    expect(searchEntrants(index, 'AL').map((e) => e.label)).toEqual(['Alpha']);
    expect(searchEntrants(index, 'e')[0].label).toBe('Echo');
    expect(searchEntrants(index, 'e').map((e) => e.label)).toContain('Charlie');
    expect(searchEntrants(index, '  ')).toEqual([]);
  });
});
