import { startBracketParser } from '../../api/endpoints/bracket';

/**
 * The bracket parser and the canvas's renderer (WebGL context, shaders, glyph atlas), started now and kept for the
 * canvas that mounts next: the bracket page starts them while its data loads, a page linking to a bracket in idle
 * time. A failure changes nothing: the canvas then starts its own.
 */
export function warmBracketCanvas(): Promise<void> {
  return import('../../bracket/BracketView')
    .then((view) => {
      startBracketParser();
      view.prepareBracketCanvas();
    })
    .catch(() => undefined);
}
