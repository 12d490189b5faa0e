// Issue 26, begun: every screen reads cleanly on a 320 px phone: no text
// cut inside its box, no word broken across lines. First screen walked:
// Chicken Lines Rummy's round form, dark, with 12-letter names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, textProblems } from './harness.mjs';
import { HomeScreen } from './pages.mjs';

test("320 px, dark: Rummy's round form reads cleanly", async () => {
  const app = await openApp({ colorScheme: 'dark' });
  const { page } = app;
  try {
    await page.setViewportSize({ width: 320, height: 640 });
    const setup = await new HomeScreen(page).startNew('chicken-lines-rummy');
    await setup.addPlayers(['Annabelle Ko', 'Bartholomew', 'Cynthia Lee']);
    await setup.start();
    await page.getByTestId('pick-random').click();
    await page.getByTestId('save-round').waitFor();
    await page.screenshot({ path: 'tests/browser/output/rummy-form-320-dark.png', fullPage: true });
    assert.deepEqual(await textProblems(page), []);
  } finally {
    await app.close();
  }
});
