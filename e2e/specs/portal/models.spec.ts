import { expect, type Page, test } from '@playwright/test';
import { models, portal, ui } from '../../selectors';
import { PORTAL_URL } from '../../urls';
import { lookAt } from '../look';

const BASE = PORTAL_URL;
const SLOW = { timeout: 20_000 };
const STEPS = ['Information', 'Master Data', 'Commands', 'Faults', 'Configurations', 'Telemetry'] as const;
const MODEL_TABS = ['Information', 'Master Data', 'Telemetry', 'Configuration', 'Commands', 'Faults'] as const;

async function signInAs(page: Page, role: string, path: string) {
  await page.goto(`${BASE}/login?returnTo=${encodeURIComponent(path)}`);
  await page.locator(portal.login.demoAccountOf(role)).click();
  await expect(page).toHaveURL(`${BASE}${path}`, SLOW);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole(...ui.field(label, true)).click();
  await page.getByRole(...ui.optionNamed(option, true)).click();
}

async function shoot(page: Page, name: string) {
  await lookAt(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const stepHeading = (page: Page, n: number) =>
  page.getByRole(models.stepHeading, { name: `Step ${n}: ${STEPS[n - 1]}` });
const nextStep = (page: Page) => page.getByRole(models.nextStep.role, { name: models.nextStep.name });

/** What each step needs before Next: filled the way a person would, with a screenshot of the step. */
const FILL_STEP: Record<number, (page: Page) => Promise<void>> = {
  1: async (page) => {
    await page.getByRole(...models.nameField).fill('Comet E2E');
    await page.getByRole(...models.codeField).fill(`EV-E2E-${Date.now() % 100000}`);
    await choose(page, 'OEM', 'Ampere Motors');
    await choose(page, 'Vehicle type', '2 Wheeler');
    await shoot(page, 'step-1-information');
  },
  2: async (page) => {
    // The EV's Vehicle State sub-tab.
    await expect(page.getByRole(...models.vehicleStateTab)).toBeVisible();
    await page.getByRole(...models.useTheStandardStates).click();
    await shoot(page, 'step-2-master-data');
  },
  3: async (page) => {
    await page.getByRole(...models.addCommand).click();
    await page.getByRole(...models.commandCode1Field).fill('IMMOBILIZE');
    await page.getByRole(...models.commandName1Field).fill('Immobilize');
    await page.getByRole(...models.commandDescription1Field).fill('Prevent the vehicle from starting.');
    await shoot(page, 'step-3-commands');
  },
  4: async (page) => {
    await page.getByRole(...models.addFault).click();
    await page.getByRole(...models.faultCode1Field).fill('EV_TILT');
    await page.getByRole(...models.faultName1Field).fill('Vehicle tilt detected');
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
    await page.getByRole(...models.addKey).click();
    await page.getByRole(...ui.field(`Key ${i + 1}`)).fill(key);
    await page.getByRole(...ui.field(`Label ${i + 1}`)).fill(i === 0 ? 'Speed' : 'State of charge');
    await page.getByRole(...ui.field(`Unit ${i + 1}`)).fill(i === 0 ? 'km/h' : '%');
  }
}

test.describe('models on the demo build', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the first configuration step refuses an empty form with field errors', async ({ page }) => {
    await walkToStep(page, 1);
    await nextStep(page).click();
    await expect(page.getByText(models.enterANameText)).toBeVisible();
    await expect(stepHeading(page, 1)).toBeVisible();
  });

  test('the telemetry step refuses a repeated key until it is fixed', async ({ page }) => {
    await walkToStep(page, 6);
    await addTelemetryKeys(page, ['speed', 'speed']);
    await page.getByRole(models.publish.role, { name: models.publish.name }).click();
    await expect(page.getByText(models.thisKeyIsAlreadyInText)).toBeVisible();
    await shoot(page, 'step-6-telemetry-error');
    await page.getByRole(...models.key2Field).fill('soc');
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
    await expect(tabs.getByRole(...ui.tab)).toHaveText([...MODEL_TABS]);
    for (const tab of MODEL_TABS) {
      await tabs.getByRole(...ui.tabNamed(tab)).click();
      await expect(tabs.getByRole(...ui.tabNamed(tab))).toHaveAttribute('aria-selected', 'true');
      await shoot(page, `model-tab-${tab.toLowerCase().replace(/\s+/g, '-')}`);
    }
    await page.getByRole(...models.telemetryTab).click();
    await expect(page.getByRole(...ui.tableNamed(models.telemetryTemplate)).getByText(models.socText)).toBeVisible();
  });

  test('lists the BMS models and opens one', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'SA', '/model-management/bms');
    const table = page.getByRole(...ui.tableNamed(models.bmsModels));
    await expect(table.getByRole(...ui.row)).not.toHaveCount(1, SLOW);
    await shoot(page, 'bms-model-list');
    await table
      .getByRole(...ui.link)
      .first()
      .click();
    await page.getByRole(...models.masterDataTab).click();
    await expect(page.getByRole(...models.bMSStateTab)).toBeVisible();
    await shoot(page, 'bms-model-master-data');
  });
});
