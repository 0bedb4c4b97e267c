import { Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { lazyNamed } from '../ui/onDemand';

const ModalsProvider = lazyNamed(() => import('@mantine/modals'), 'ModalsProvider');

// `modals.open*` (from @mantine/modals) announce themselves as these window events, which ModalsProvider listens to.
const OPEN_EVENTS = ['openModal', 'openConfirmModal', 'openContextModal'].map((name) => `mantine-modals:${name}`);

/**
 * Mantine's ModalsProvider, with the modal machinery it pulls in (focus trap, scroll lock, transitions), loads the
 * first time a screen opens a modal through `modals.open*` (confirmAction): the first requests are held until the
 * provider has mounted, then sent again. Screens use only the `modals` functions, never `useModals()`, so the provider
 * needs no children.
 */
export function DeferredModals() {
  const held = useRef<CustomEvent[]>([]);
  const [wanted, setWanted] = useState(false);
  const [ready, setReady] = useState(false);
  // A window subscription with its cleanup (the provider's own listeners take over once it has mounted).
  useEffect(() => {
    if (ready) return;
    const hold = (event: Event) => {
      held.current.push(event as CustomEvent);
      setWanted(true);
    };
    for (const type of OPEN_EVENTS) window.addEventListener(type, hold);
    return () => {
      for (const type of OPEN_EVENTS) window.removeEventListener(type, hold);
    };
  }, [ready]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider>
        <Replay held={held} onDone={() => setReady(true)} />
      </ModalsProvider>
    </Suspense>
  );
}

/** Runs after the provider's layout effects have added its listeners: sends the held requests again, once. */
function Replay({ held, onDone }: { held: RefObject<CustomEvent[]>; onDone: () => void }) {
  useEffect(() => {
    onDone();
    for (const event of held.current.splice(0)) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }, [held, onDone]);
  return null;
}
