import { expect, test } from '@playwright/test';

test('the demo portal loads with the product name as its title', async ({ page }) => {
  await page.goto('http://127.0.0.1:4173/');
  await expect(page).toHaveTitle(/Voltline/);
});
