import { Button } from '@mantine/core';
import { ERRORS, SUCCESS } from '../../domain/messages';
import { copyText } from '../../ui/copyText';
import { notifyClientError, notifySuccess } from '../../ui/notify';
import { embedSnippet, type EmbedKind } from './embedOptions';

/** A bracket page's "Copy embed code": an <iframe> of the embeddable bracket on the clipboard, and a notice. */
export function CopyEmbedCode({ kind, id, title }: { kind: EmbedKind; id: number; title: string }) {
  const copy = async () => {
    const code = embedSnippet(window.location.origin, kind, id, `${title} bracket`);
    try {
      await copyText(code);
      notifySuccess(SUCCESS.embedCodeCopied);
    } catch {
      notifyClientError(ERRORS.copyFailed.title, ERRORS.copyFailed.message + code);
    }
  };
  return (
    <Button variant="default" onClick={() => void copy()}>
      Copy embed code
    </Button>
  );
}
