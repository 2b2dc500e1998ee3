import { addLog } from '../logs/console-recorder';
import { capturePort } from './capture-port';
import { sendToFrame } from './frame-bridge';
import { capturePreview, captureState } from './capture-state';
import { hideWidget, showWidget, ui } from './widget-ui';

/**
 * Screen drawing: the widget steps aside while the lazy capture editor (`capture/editor.ts`) runs over the page, then
 * comes back and tells the frame what was captured.
 */

/** Drawing: hide the widget, run the capture editor, show the widget again and tell the frame what was captured. */
export async function startScreenDrawing(mode: 'screenshot' | 'capture', showAfter = true): Promise<boolean> {
  const wasOpen = ui.open || ui.wantOpen;
  hideWidget();
  const editor = await capturePort.editor();
  ui.editor = editor;
  let captured = false;
  if (editor) {
    try {
      const result = await editor.openCaptureEditor({ mode });
      if (result.cancelled) editor.cleanupDrawings();
      else {
        captured = true;
        // A new capture replaces what the preview showed; the frame asks for a new summary.
        capturePreview.snapshot = undefined;
        capturePreview.removed.delete(result.mode === 'capture' ? 'screenRecording' : 'screenshot');
        if (result.mode === 'capture') captureState.screenRecording = result.recording;
        sendToFrame('set-form-data', { formKey: 'capture', data: { value: result.mode, dirty: true } }, true);
      }
    } catch (err) {
      addLog(`Voltline widget: capture failed ${String(err)}`, 'ERROR');
    }
  }
  if (showAfter || wasOpen) showWidget();
  return captured;
}
