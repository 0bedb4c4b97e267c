/*
 * A task boundary: work split into tasks lets the browser paint and answer input in between (on a phone's CPU one
 * task of 150 ms is a page that does not answer for 150 ms). A message to ourselves rather than a timer: a timer can
 * wait a second in a tab that is not shown, and nests into 4 ms delays.
 */
const queue: (() => void)[] = [];
let channel: MessageChannel | null = null;

function post(): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => queue.shift()?.();
    // Node (the tests' jsdom) would otherwise stay up for the open port.
    (channel.port1 as { unref?: () => void }).unref?.();
    (channel.port2 as { unref?: () => void }).unref?.();
  }
  channel.port2.postMessage(null);
}

/** Runs `work` in a task of its own, after the tasks already queued by this function. */
export function inNextTask(work: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(work, 0);
    return;
  }
  queue.push(work);
  post();
}

/**
 * Runs `work` in a task of its own once the next frame is on screen: after the frame that follows it begins (a frame
 * is presented after its task ends, so one frame is not enough to be sure). At once where there are no frames (jsdom).
 */
export function afterNextPaint(work: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return work();
  requestAnimationFrame(() => requestAnimationFrame(() => inNextTask(work)));
}
