import { Select } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { SearchIcon } from './icons';
import type { ViewMatch } from './model';
import type { BracketEngine } from './renderer/createBracketEngine';

export interface EntrantSearchProps {
  matches: readonly ViewMatch[];
  engine: BracketEngine | null;
}

/** Every known entrant once, by name. */
export function entrantOptions(matches: readonly ViewMatch[]): { value: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const m of matches) {
    for (const e of [m.a, m.b]) if (e.id !== null && !seen.has(e.id)) seen.set(e.id, e.label);
  }
  // One collator for the sort: localeCompare per pair set one up each time (tens of milliseconds for 1,024 names on a phone).
  const { compare } = new Intl.Collator();
  return [...seen].map(([value, label]) => ({ value, label })).sort((p, q) => compare(p.label, q.label));
}

/** Finds an entrant by name and flies the camera to its latest match, highlighting its path and marking its row. */
export function EntrantSearch({ matches, engine }: EntrantSearchProps) {
  // The names are listed (and sorted: a thousand names are tens of milliseconds on a phone) once the search is used,
  // not while the bracket page loads.
  const [used, setUsed] = useState(false);
  const options = useMemo(() => (used ? entrantOptions(matches) : []), [used, matches]);
  const [value, setValue] = useState<string | null>(null);
  const choose = (id: string | null) => {
    setValue(id);
    if (id) engine?.flyToEntry(id);
    else engine?.highlightEntry(null);
  };
  // The entrant found is marked on the canvas while it stays chosen (the engine draws the marker as a @pixi/react component).
  useEffect(() => engine?.markEntry(value), [engine, value]);
  return (
    <Select
      aria-label="Find entrant"
      placeholder="Find a player or team"
      data={options}
      value={value}
      onChange={choose}
      searchable
      clearable
      limit={20}
      nothingFoundMessage="No entrant by that name"
      leftSection={<SearchIcon />}
      size="xs"
      w={240}
      disabled={!engine}
      onFocus={() => setUsed(true)}
      onPointerDown={() => setUsed(true)}
      // The list is made when it opens (see UpcomingTournamentsPage): not positioned while the bracket loads.
      comboboxProps={{ keepMounted: false }}
    />
  );
}
