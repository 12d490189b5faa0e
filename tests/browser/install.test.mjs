// Installable: Chromium's own installability check (what Lighthouse's
// "installable manifest" audit asked) finds nothing missing once the
// service worker is active (WebKit and Gecko have no such check to ask:
// there the page's links to the manifest and the Home Screen icon, what
// Safari's "Add to Home Screen" reads, are checked instead); the manifest's icons are real PNGs of their
// stated sizes (one maskable), and the shortcuts are the home screen's
// games, each opening its game's new-game page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAME_IDS, openApp, within } from './harness.mjs';

test('the app is installable, with PNG icons and a shortcut per game', async () => {
  const app = await openApp();
  try {
    const { page } = app;
    // The worker registers a few seconds after the first screen;
    // `serviceWorker.ready` settles once one is active.
    const active = await within(page.evaluate(async () => !!(await navigator.serviceWorker.ready).active), 15_000, 'the service worker is active');
    assert.equal(active, true, 'the service worker is active');
    await page.reload();
    await page.getByRole('heading', { name: /Chicken Scores/ }).waitFor();

    if (app.engine === 'chromium') {
      const cdp = await app.context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      assert.deepEqual(installabilityErrors, [], 'Chromium finds the app installable');
      const { errors: manifestErrors, url: manifestUrl } = await cdp.send('Page.getAppManifest');
      assert.match(manifestUrl, /manifest\.webmanifest$/);
      assert.deepEqual(manifestErrors, []);
    }
    const links = await page.evaluate(() => ({
      manifest: document.querySelector('link[rel=manifest]')?.getAttribute('href'),
      touchIcon: document.querySelector('link[rel=apple-touch-icon]')?.getAttribute('href'),
    }));
    assert.deepEqual(links, { manifest: '/manifest.webmanifest', touchIcon: '/icon-192.png' });

    const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
    assert.equal(manifest.display, 'standalone');
    assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
    const png = manifest.icons.filter((i) => i.type === 'image/png');
    const sizes = png.map((i) => `${i.sizes} ${i.purpose}`).sort();
    assert.deepEqual(sizes, ['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of png) {
      // The PNG's own header says its width and height.
      const [w, h] = await page.evaluate(async (src) => {
        const b = new DataView(await (await fetch(src)).arrayBuffer());
        const sig = b.getUint32(0) === 0x89504e47;
        return sig ? [b.getUint32(16), b.getUint32(20)] : [0, 0];
      }, icon.src);
      assert.equal(`${w}x${h}`, icon.sizes, `${icon.src} is a PNG of ${icon.sizes}`);
    }

    // The build wrote the shortcuts from the game registry (GAME_IDS reads
    // them); the home screen lists the registry as compiled into the app.
    await page.locator('a.kind-link').first().waitFor();
    const listed = await page.locator('a.kind-link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.deepEqual(listed, GAME_IDS.map((id) => `/play/${id}/new`), 'a shortcut per game the home screen offers, in its order');
    for (const s of manifest.shortcuts) {
      await page.goto(app.url + s.url);
      await page.getByTestId('start-game').waitFor();
      assert.match(s.name, /^New .+ game$/);
    }
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});
