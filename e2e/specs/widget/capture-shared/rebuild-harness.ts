// Test-only: rrweb-snapshot's rebuild (a dependency of @rrweb/record), to rebuild a recorded full snapshot into a page.
// @ts-expect-error resolved by the test bundler from @rrweb/record's own dependencies; not a dependency of the widget.
import { createCache, createMirror, rebuildIntoSandboxedIframe } from 'rrweb-snapshot';

declare global {
  interface Window {
    /** Rebuild a serialised node into a new sandboxed iframe under document.body and return that iframe's document. */
    rebuildSnapshot: (node: unknown) => Document;
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
