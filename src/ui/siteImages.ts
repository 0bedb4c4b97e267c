import { useSyncExternalStore } from 'react';
import { getSiteImages } from '../api/endpoints/siteImages';
import type { ImageType } from '../domain/constants';

/*
 * The site images staff upload (home banner, logos, default card images), read once per page load and shared by every
 * view that shows one. The images are decoration: a failed read leaves every slot on its built-in artwork, quietly.
 */
let urls: Partial<Record<ImageType, string>> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load(): Promise<void> {
  loading ??= getSiteImages()
    .then(
      (list) => {
        urls = Object.fromEntries(list.map((i) => [i.imageType, i.url]));
      },
      () => {
        urls ??= {};
      },
    )
    .finally(() => listeners.forEach((l) => l()));
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void load();
  return () => listeners.delete(listener);
}

/** Reads the images again (after an upload). */
export function refreshSiteImages(): Promise<void> {
  loading = null;
  return load();
}

/** The uploaded image of a slot, or null while loading or when the slot is empty (show the built-in artwork then). */
export function useSiteImage(type: ImageType): string | null {
  return useSyncExternalStore(subscribe, () => urls?.[type] ?? null);
}
