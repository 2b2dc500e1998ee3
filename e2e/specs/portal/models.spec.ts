import { expect, type Page, test } from '@playwright/test';
import { portal } from '../../selectors';
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

test.describe('models on the demo build', () => {
  test.describe.configure({ timeout: 120_000 });

  test('walks the six configuration steps of a new EV model and shows its six tabs', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'SA', '/models/configuration?kind=EV');
    const heading = (n: number) => page.getByRole('heading', { name: `Step ${n}: ${STEPS[n - 1]}` });
    const next = page.getByRole('button', { name: 'Next step' });

    // 1 Information: an empty form is refused with field errors first.
    await expect(heading(1)).toBeVisible(SLOW);
    await next.click();
    await expect(page.getByText('Enter a name')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Comet E2E');
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(`EV-E2E-${Date.now() % 100000}`);
    await choose(page, 'OEM', 'Ampere Motors');
    await choose(page, 'Vehicle type', '2 Wheeler');
    await shoot(page, 'step-1-information');
    await next.click();

    // 2 Master Data: the EV's Vehicle State sub-tab.
    await expect(heading(2)).toBeVisible(SLOW);
    await expect(page.getByRole('tab', { name: 'Vehicle State' })).toBeVisible();
    await page.getByRole('button', { name: 'Use the standard states' }).click();
    await shoot(page, 'step-2-master-data');
    await next.click();

    // 3 Commands
    await expect(heading(3)).toBeVisible(SLOW);
    await page.getByRole('button', { name: 'Add command' }).click();
    await page.getByRole('textbox', { name: 'Command code 1' }).fill('IMMOBILIZE');
    await page.getByRole('textbox', { name: 'Command name 1' }).fill('Immobilize');
    await page.getByRole('textbox', { name: 'Command description 1' }).fill('Prevent the vehicle from starting.');
    await shoot(page, 'step-3-commands');
    await next.click();

    // 4 Faults
    await expect(heading(4)).toBeVisible(SLOW);
    await page.getByRole('button', { name: 'Add fault' }).click();
    await page.getByRole('textbox', { name: 'Fault code 1' }).fill('EV_TILT');
    await page.getByRole('textbox', { name: 'Fault name 1' }).fill('Vehicle tilt detected');
    await choose(page, 'Fault severity 1', 'High');
    await shoot(page, 'step-4-faults');
    await next.click();

    // 5 Configurations
    await expect(heading(5)).toBeVisible(SLOW);
    await choose(page, 'Trip mode', 'Ignition Based');
    await shoot(page, 'step-5-configurations');
    await next.click();

    // 6 Telemetry: a repeated key is refused, then fixed.
    await expect(heading(6)).toBeVisible(SLOW);
    for (const [i, key] of (['speed', 'speed'] as const).entries()) {
      await page.getByRole('button', { name: 'Add key' }).click();
      await page.getByRole('textbox', { name: `Key ${i + 1}` }).fill(key);
      await page.getByRole('textbox', { name: `Label ${i + 1}` }).fill(i === 0 ? 'Speed' : 'State of charge');
      await page.getByRole('textbox', { name: `Unit ${i + 1}` }).fill(i === 0 ? 'km/h' : '%');
    }
    await page.getByRole('button', { name: 'Finish and publish' }).click();
    await expect(page.getByText('This key is already in the list')).toBeVisible();
    await shoot(page, 'step-6-telemetry-error');
    await page.getByRole('textbox', { name: 'Key 2' }).fill('soc');
    await shoot(page, 'step-6-telemetry');
    await page.getByRole('button', { name: 'Finish and publish' }).click();

    // The published model, tab by tab.
    await expect(page).toHaveURL(/\/model-management\/ev\?model=/, SLOW);
    const tabs = page.getByRole('tablist', { name: 'Model' });
    await expect(tabs.getByRole('tab')).toHaveText([...MODEL_TABS]);
    for (const tab of MODEL_TABS) {
      await tabs.getByRole('tab', { name: tab }).click();
      await expect(tabs.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await shoot(page, `model-tab-${tab.toLowerCase().replace(/\s+/g, '-')}`);
    }
    await page.getByRole('tab', { name: 'Telemetry' }).click();
    await expect(page.getByRole('table', { name: 'Telemetry template' }).getByText('soc')).toBeVisible();
  });

  test('lists the BMS models and opens one', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'SA', '/model-management/bms');
    const table = page.getByRole('table', { name: 'BMS models' });
    await expect(table.getByRole('row')).not.toHaveCount(1, SLOW);
    await shoot(page, 'bms-model-list');
    await table.getByRole('link').first().click();
    await page.getByRole('tab', { name: 'Master Data' }).click();
    await expect(page.getByRole('tab', { name: 'BMS State' })).toBeVisible();
    await shoot(page, 'bms-model-master-data');
  });
});
