import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts `text` into an empty field the way a paste does: one input event instead of one per key. For steps where the
 * field only narrows a list (a search box on the way to a row): each key re-renders the screen in jsdom, and typing a
 * 20-letter name costs a screen test seconds. Typing itself, key by key, is tested where it matters.
 */
export async function pasteInto(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
