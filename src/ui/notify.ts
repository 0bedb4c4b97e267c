import { useSyncExternalStore } from 'react';
import { errorMessage } from '../api/client';
import { ERRORS } from '../domain/messages';
import { NOTIFICATION_CHECK_MS, NOTIFICATION_LIFETIME_MS, type NotificationType } from '../domain/constants';

export interface AppNotification {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  creationTime: number;
}

let items: AppNotification[] = [];
let nextId = 1;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function publish(next: AppNotification[]) {
  items = next;
  listeners.forEach((fn) => fn());
  // The expiry check runs every second while anything is shown (spec: lifetime 5 s, checked every 1 s).
  if (items.length > 0 && !timer) timer = setInterval(expire, NOTIFICATION_CHECK_MS);
  if (items.length === 0 && timer) {
    clearInterval(timer);
    timer = null;
  }
}

function expire() {
  const now = Date.now();
  const alive = items.filter((n) => now - n.creationTime < NOTIFICATION_LIFETIME_MS);
  if (alive.length !== items.length) publish(alive);
}

/** Shows a notification at the bottom right; it disappears about 5 s after creation. */
export function notify(n: { title: string; message?: string; type?: NotificationType }) {
  publish([
    ...items,
    { id: String(nextId++), title: n.title, message: n.message ?? '', type: n.type ?? 'INFO', creationTime: Date.now() },
  ]);
}

export const notifySuccess = (n: { title: string; message?: string }) => notify({ ...n, type: 'SUCCESS' });

/** The shared error handler: logs, then "An error occurred" with the server's message or the unknown-error text. */
export function notifyError(err: unknown) {
  console.error(err);
  notify({ title: ERRORS.genericTitle, message: errorMessage(err), type: 'ERROR' });
}

/** A client-side error with its own title (Invalid Scores, Invalid User, ...). */
export const notifyClientError = (title: string, message = '') => notify({ title, message, type: 'ERROR' });

export const dismiss = (id: string) => publish(items.filter((n) => n.id !== id));

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

export const useNotifications = () => useSyncExternalStore(subscribe, () => items, () => items);

/** Where the notifications showing wait while the page reloads (this tab only). */
const CARRIED_KEY = 'clutch.notifications';

/**
 * Reloads the page (the spec reloads after an image upload) without wiping the notifications it shows: they come back
 * after the reload and still disappear 5 s after their creation, not at the reload.
 */
export function reloadKeepingNotifications() {
  try {
    sessionStorage.setItem(CARRIED_KEY, JSON.stringify(items));
  } catch {
    // Storage refused (private mode, quota): the reload goes ahead, as before.
  }
  window.location.reload();
}

/** The notifications a reload carried over, those still within their lifetime. */
function carriedOver(): AppNotification[] {
  try {
    const raw = sessionStorage.getItem(CARRIED_KEY);
    sessionStorage.removeItem(CARRIED_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    const now = Date.now();
    return parsed
      .filter((n: Partial<AppNotification>) => typeof n?.title === 'string' && typeof n.creationTime === 'number' && now - n.creationTime < NOTIFICATION_LIFETIME_MS)
      .map((n: AppNotification) => ({ ...n, id: String(nextId++) }));
  } catch {
    return [];
  }
}

if (typeof sessionStorage !== 'undefined') {
  const carried = carriedOver();
  if (carried.length > 0) publish(carried);
}

/** Tests start each case with no notifications. */
export const clearNotifications = () => publish([]);
