// Test-only: rrweb-snapshot's rebuild (a dependency of @rrweb/record), to rebuild a recorded full snapshot into a page.
// @ts-expect-error resolved by the test bundler from @rrweb/record's own dependencies; not a dependency of the widget.
import { createCache, createMirror, rebuildIntoSandboxedIframe } from 'rrweb-snapshot';
// @ts-expect-error resolved by the test bundler from @rrweb/record's own dependencies; not a dependency of the widget.
import { Replayer } from 'rrweb';

declare global {
  interface Window {
    /** Rebuild a serialised node into a new sandboxed iframe under document.body and return that iframe's document. */
    rebuildSnapshot: (node: unknown) => Document;
    /** Replay recorded events to their end with rrweb's own player and return the replayed document. */
    replayToEnd: (events: unknown[]) => Document;
  }
}

window.rebuildSnapshot = (node) => {
  const { iframe } = rebuildIntoSandboxedIframe(node, {
    root: document.body,
    mirror: createMirror(),
    cache: createCache(),
  });
  return (iframe as HTMLIFrameElement).contentDocument!;
};

window.replayToEnd = (events) => {
  const root = document.createElement('div');
  document.body.append(root);
  const replayer = new Replayer(events, { root, showWarning: false, mouseTail: false, triggerFocus: false });
  replayer.pause(replayer.getMetaData().totalTime + 1);
  return (replayer.iframe as HTMLIFrameElement).contentDocument!;
};
