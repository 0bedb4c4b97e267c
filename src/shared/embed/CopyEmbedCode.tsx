import { Button } from '@mantine/core';
import { ERRORS, SUCCESS } from '../../domain/messages';
import { copyWithNotice } from '../../ui/copyText';
import { embedSnippet, type EmbedKind } from './embedOptions';

/** A bracket page's "Copy embed code": an <iframe> of the embeddable bracket on the clipboard, and a notice. */
export function CopyEmbedCode({ kind, id, title }: { kind: EmbedKind; id: number; title: string }) {
  const copy = () => copyWithNotice(embedSnippet(window.location.origin, kind, id, `${title} bracket`), SUCCESS.embedCodeCopied, ERRORS.copyFailed);
  return (
    <Button variant="default" onClick={() => void copy()}>
      Copy embed code
    </Button>
  );
}
