import { notifyClientError, notifySuccess } from './notify';

/**
 * Puts `text` on the clipboard: the Clipboard API where the page may use it (https, localhost), else a selected
 * hidden textarea and the copy command (plain http). Rejects when the browser allows neither.
 */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // No Clipboard API here, or no permission: the older way below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('The browser refused to copy');
}

/** Copies `text` and says so: `copied`, or `failed` with the text itself appended, to copy by hand. */
export async function copyWithNotice(
  text: string,
  copied: { title: string; message?: string },
  failed: { title: string; message: string },
): Promise<void> {
  try {
    await copyText(text);
    notifySuccess(copied);
  } catch {
    notifyClientError(failed.title, failed.message + text);
  }
}
