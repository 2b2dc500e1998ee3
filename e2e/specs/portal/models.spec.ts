import { expect, type Page, test } from '@playwright/test';
import { models, portal } from '../../selectors';
import { PORTAL_URL } from '../../urls';

const BASE = PORTAL_URL;
const SLOW = { timeout: 20_000 };
const STEPS = ['Information', 'Master Data', 'Commands', 'Faults', 'Configurations', 'Telemetry'] as const;
const MODEL_TABS = ['Information', 'Master Data', 'Telemetry', 'Configuration', 'Commands', 'Faults'] as const;

async function signInAs(page: Page, role: string, path: string) {
  await page.goto(`${BASE}/login?returnTo=${encodeURIComponent(path)}`);
  await page.locator(`${portal.login.demoAccount}[data-role="${role}"]`).click();
  await expect(page).toHaveURL(`${BASE}${path}`, SLOW);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const stepHeading = (page: Page, n: number) =>
  page.getByRole(models.stepHeading, { name: `Step ${n}: ${STEPS[n - 1]}` });
const nextStep = (page: Page) => page.getByRole(models.nextStep.role, { name: models.nextStep.name });

/** What each step needs before Next: filled the way a person would, with a screenshot of the step. */
const FILL_STEP: Record<number, (page: Page) => Promise<void>> = {
  1: async (page) => {
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Comet E2E');
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(`EV-E2E-${Date.now() % 100000}`);
    await choose(page, 'OEM', 'Ampere Motors');
    await choose(page, 'Vehicle type', '2 Wheeler');
    await shoot(page, 'step-1-information');
  },
  2: async (page) => {
    // The EV's Vehicle State sub-tab.
    await expect(page.getByRole('tab', { name: 'Vehicle State' })).toBeVisible();
    await page.getByRole('button', { name: 'Use the standard states' }).click();
    await shoot(page, 'step-2-master-data');
  },
  3: async (page) => {
    await page.getByRole('button', { name: 'Add command' }).click();
    await page.getByRole('textbox', { name: 'Command code 1' }).fill('IMMOBILIZE');
    await page.getByRole('textbox', { name: 'Command name 1' }).fill('Immobilize');
    await page.getByRole('textbox', { name: 'Command description 1' }).fill('Prevent the vehicle from starting.');
    await shoot(page, 'step-3-commands');
  },
  4: async (page) => {
    await page.getByRole('button', { name: 'Add fault' }).click();
    await page.getByRole('textbox', { name: 'Fault code 1' }).fill('EV_TILT');
    await page.getByRole('textbox', { name: 'Fault name 1' }).fill('Vehicle tilt detected');
    await choose(page, 'Fault severity 1', 'High');
    await shoot(page, 'step-4-faults');
  },
  5: async (page) => {
    await choose(page, 'Trip mode', 'Ignition Based');
    await shoot(page, 'step-5-configurations');
  },
};

/** Starts a new EV model as Super Admin and completes the steps before `step`, which is then on screen. */
async function walkToStep(page: Page, step: number) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'SA', '/models/configuration?kind=EV');
  for (let n = 1; n < step; n++) {
    await expect(stepHeading(page, n)).toBeVisible(SLOW);
    const fill = FILL_STEP[n];
    if (!fill) throw new Error(`no way to fill step ${n}`);
    await fill(page);
    await nextStep(page).click();
  }
  await expect(stepHeading(page, step)).toBeVisible(SLOW);
}

/** Fills the telemetry step's rows with the given keys. */
async function addTelemetryKeys(page: Page, keys: readonly string[]) {
  for (const [i, key] of keys.entries()) {
    await page.getByRole('button', { name: 'Add key' }).click();
    await page.getByRole('textbox', { name: `Key ${i + 1}` }).fill(key);
    await page.getByRole('textbox', { name: `Label ${i + 1}` }).fill(i === 0 ? 'Speed' : 'State of charge');
    await page.getByRole('textbox', { name: `Unit ${i + 1}` }).fill(i === 0 ? 'km/h' : '%');
  }
}

test.describe('models on the demo build', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the first configuration step refuses an empty form with field errors', async ({ page }) => {
    await walkToStep(page, 1);
    await nextStep(page).click();
    await expect(page.getByText('Enter a name')).toBeVisible();
    await expect(stepHeading(page, 1)).toBeVisible();
  });

  test('the telemetry step refuses a repeated key until it is fixed', async ({ page }) => {
    await walkToStep(page, 6);
    await addTelemetryKeys(page, ['speed', 'speed']);
    await page.getByRole(models.publish.role, { name: models.publish.name }).click();
    await expect(page.getByText('This key is already in the list')).toBeVisible();
    await shoot(page, 'step-6-telemetry-error');
    await page.getByRole('textbox', { name: 'Key 2' }).fill('soc');
    await shoot(page, 'step-6-telemetry');
    await page.getByRole(models.publish.role, { name: models.publish.name }).click();
    await expect(page).toHaveURL(/\/model-management\/ev\?model=/, SLOW);
  });

  test('a model published after the six steps shows its six tabs', async ({ page }) => {
    await walkToStep(page, 6);
    await addTelemetryKeys(page, ['speed', 'soc']);
    await page.getByRole(models.publish.role, { name: models.publish.name }).click();
    await expect(page).toHaveURL(/\/model-management\/ev\?model=/, SLOW);
    const tabs = page.getByRole(models.modelTabs.role, { name: models.modelTabs.name });
    await expect(tabs.getByRole('tab')).toHaveText([...MODEL_TABS]);
    for (const tab of MODEL_TABS) {
      await tabs.getByRole('tab', { name: tab }).click();
      await expect(tabs.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await shoot(page, `model-tab-${tab.toLowerCase().replace(/\s+/g, '-')}`);
    }
    await page.getByRole('tab', { name: 'Telemetry' }).click();
    await expect(page.getByRole('table', { name: models.telemetryTemplate }).getByText('soc')).toBeVisible();
  });

  test('lists the BMS models and opens one', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'SA', '/model-management/bms');
    const table = page.getByRole('table', { name: models.bmsModels });
    await expect(table.getByRole('row')).not.toHaveCount(1, SLOW);
    await shoot(page, 'bms-model-list');
    await table.getByRole('link').first().click();
    await page.getByRole('tab', { name: 'Master Data' }).click();
    await expect(page.getByRole('tab', { name: 'BMS State' })).toBeVisible();
    await shoot(page, 'bms-model-master-data');
  });
});
