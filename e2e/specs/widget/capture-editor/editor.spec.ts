import { expect, type Page, test } from '@playwright/test';
import { pixelAt, serveHarness } from '../capture-shared/capture-bundle';
import { HOST_ORIGIN } from '../../../urls';
import { captureEditor } from '../../../selectors';
import { lookAt } from '../../look';

const PAGE = `${HOST_ORIGIN}/capture-editor/index.html`;

test.use({ viewport: { width: 1000, height: 700 } });

test.beforeEach(async ({ page }) => {
  await serveHarness(page);
  await page.goto(PAGE);
});

/** Open the editor without waiting for it; `editorResult` resolves once it closes. */
async function openEditor(page: Page, mode: 'screenshot' | 'capture') {
  await page.evaluate((m) => {
    const w = window as unknown as { editorResult?: unknown };
    w.editorResult = undefined;
    void window.voltlineCapture.openCaptureEditor({ mode: m }).then((r) => {
      w.editorResult = r;
    });
  }, mode);
}

async function editorResult(page: Page): Promise<unknown> {
  const handle = await page.waitForFunction(() => (window as unknown as { editorResult?: unknown }).editorResult);
  return handle.jsonValue();
}

const shot = (name: string) => test.info().outputPath(name);

async function drag(page: Page, from: [number, number], to: [number, number]) {
  await page.mouse.move(...from);
  await page.mouse.down();
  await page.mouse.move((from[0] + to[0]) / 2, (from[1] + to[1]) / 2, { steps: 6 });
  await page.mouse.move(...to, { steps: 6 });
  await page.mouse.up();
}

test('a rectangle, a pen line and a blur drawn in the editor appear in the sent snapshot', async ({
  page,
  context,
}) => {
  await openEditor(page, 'screenshot');
  const toolbar = page.getByRole(...captureEditor.captureToolsToolbar);
  await expect(toolbar).toBeVisible();

  await drag(page, [100, 120], [360, 260]); // rectangle is the default tool
  await toolbar.getByRole(...captureEditor.pen).click();
  await drag(page, [450, 400], [750, 420]);
  await toolbar.getByRole(...captureEditor.blurHideSensitiveContent).click();
  await drag(page, [100, 500], [400, 500]);
  await lookAt(page, { path: shot('screenshot-mode-drawn.png') });

  await toolbar.getByRole(...captureEditor.next).click();
  expect(await editorResult(page)).toEqual({ cancelled: false, mode: 'screenshot' });

  const snap = await page.evaluate(() => window.voltlineCapture.takeSnapshot());
  expect(snap.html).toContain('id="gl-capture-drawing"');
  expect(snap.html).not.toContain('gl-capture-editor');

  const rendered = await context.newPage();
  await rendered.setViewportSize({ width: 1000, height: 700 });
  await rendered.route('http://snapshot.invalid/', (route) =>
    route.fulfill({ contentType: 'text/html', body: snap.html }),
  );
  await rendered.goto('http://snapshot.invalid/');
  const png = await rendered.screenshot();
  // Rectangle edge: red #EB144C.
  expect(await pixelAt(page, png, 100, 190)).toEqual([235, 20, 76]);
  // Blur bar: black, 40 px wide around y = 500.
  expect(await pixelAt(page, png, 250, 512)).toEqual([0, 0, 0]);
  // Pen line: translucent red over the light page, so reddish but not pure red.
  const [r, g, b] = await pixelAt(page, png, 600, 410);
  expect(r).toBeGreaterThan(200);
  expect(g).toBeLessThan(130);
  expect(b).toBeLessThan(160);

  await page.evaluate(() => window.voltlineCapture.cleanupDrawings());
  await expect(page.locator(captureEditor.glCaptureDrawing)).toHaveCount(0);
});

test('undo removes the last shape and the colour picker changes the colour', async ({ page }) => {
  await openEditor(page, 'screenshot');
  const toolbar = page.getByRole(...captureEditor.captureToolsToolbar);
  await toolbar.getByRole(...captureEditor.colour).click();
  await lookAt(page, { path: shot('colour-picker.png') });
  await toolbar.getByRole(...captureEditor.n0a93e4Choice).click();
  await drag(page, [100, 120], [300, 220]);
  await drag(page, [400, 120], [600, 220]);
  await expect(page.locator(captureEditor.glCaptureDrawingRect)).toHaveCount(2);
  await expect(page.locator(captureEditor.glCaptureDrawingRect).first()).toHaveAttribute('stroke', '#0A93E4');
  await toolbar.getByRole(...captureEditor.undo).click();
  await expect(page.locator(captureEditor.glCaptureDrawingRect)).toHaveCount(1);
});

test('screenshot mode locks scrolling and Escape cancels, clearing the drawing', async ({ page }) => {
  await openEditor(page, 'screenshot');
  await expect(page.getByRole(...captureEditor.captureToolsToolbar)).toBeVisible();
  await page.mouse.wheel(0, 500);
  await page.waitForTimeout(100);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await drag(page, [100, 120], [300, 220]);
  await page.keyboard.press('Escape');
  expect(await editorResult(page)).toEqual({ cancelled: true });
  await expect(page.locator(captureEditor.glCaptureDrawing)).toHaveCount(0);
  await page.mouse.wheel(0, 500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('Enter continues in screenshot mode', async ({ page }) => {
  await openEditor(page, 'screenshot');
  await expect(page.getByRole(...captureEditor.captureToolsToolbar)).toBeVisible();
  await page.keyboard.press('Enter');
  expect(await editorResult(page)).toEqual({ cancelled: false, mode: 'screenshot' });
});

test('the toolbar can be moved out of the way', async ({ page }) => {
  await openEditor(page, 'screenshot');
  const toolbar = page.getByRole(...captureEditor.captureToolsToolbar);
  const before = (await toolbar.boundingBox())!;
  const grip = (await toolbar.getByRole(...captureEditor.moveToolbar).boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + 10, grip.y + 500, { steps: 5 });
  await page.mouse.up();
  const after = (await toolbar.boundingBox())!;
  expect(after.y - before.y).toBeGreaterThan(400);
  await lookAt(page, { path: shot('toolbar-moved.png') });
});
