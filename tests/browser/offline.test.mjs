// Offline: after one visit the service worker has cached the shell, every
// game's bundle and the records bundle (players, nights, backup), so with no network the app opens, and so does a game never
// opened before; games saved offline are still there afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';
import { HomeScreen } from './pages.mjs';

test('after one visit every game opens offline', async () => {
  const app = await openApp();
  try {
    // The worker registers a few seconds after the first screen, then
    // caches every bundle listed in bundles.json.
    const ready = await app.page.evaluate(async () => {
      const cached = async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        if (!reg || !reg.active) return false;
        const kinds = await (await fetch('/bundles.json')).json();
        const cache = await caches.open('chicken-scores-v2');
        const pages = await Promise.all(['/index.html', '/records/index.html', ...kinds.map((k) => `/play/${k}/index.html`)].map((k) => cache.match(k)));
        const wasm = (await cache.keys()).filter((r) => r.url.endsWith('.wasm')).length;
        return kinds.length >= 6 && pages.every(Boolean) && wasm === kinds.length + 2;
      };
      for (let i = 0; i < 60; i++) {
        if (await cached()) return true;
        await new Promise((r) => setTimeout(r, 500));
      }
      return false;
    });
    assert.equal(ready, true, 'the service worker cached the shell, every game bundle and the records bundle');

    await app.context.setOffline(true);
    await app.page.goto(app.url + '/');
    const home = new HomeScreen(app.page);
    const setup = await home.startNew('playing-chicken');
    await setup.addPlayers(['Ann', 'Bob', 'Cy']);
    await app.page.getByTestId('start-game').click();
    await app.page.getByText('Round 1 of 5 · trick 1 of 5').first().waitFor();
    await app.page.reload();
    await app.page.getByTestId('leaders').waitFor();
    await app.page.goto(app.url + '/');
    assert.match(await home.inProgress().textContent(), /Playing Chicken: Ann, Bob, Cy/);
    // The records bundle opens offline too.
    await app.page.goto(app.url + '/records/players');
    await app.page.getByRole('heading', { name: 'Players' }).waitFor();
    assert.deepEqual(app.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)), []);
  } finally {
    await app.context.setOffline(false);
    await app.close();
  }
});
