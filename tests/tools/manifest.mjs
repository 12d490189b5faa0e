// Fills the built manifest from the game registry (its JSON on stdin, as
// printed by src/bin/games.rs; run by tests/tools/games.sh): a shortcut to
// each game's new-game page, in the home screen's order, and the games'
// names in the description (its "{games}").
// Usage: cargo run -q --bin games | node tests/tools/manifest.mjs <manifest>
import fs from 'node:fs';

const [file] = process.argv.slice(2);
const games = JSON.parse(fs.readFileSync(0, 'utf8'));
if (!Array.isArray(games) || games.length === 0) throw new Error('manifest.mjs: no games on stdin');
const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
if (!manifest.description?.includes('{games}')) throw new Error(`manifest.mjs: ${file}'s description has no {games}`);

const names = games.map((g) => g.name);
const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
manifest.description = manifest.description.replace('{games}', list);
manifest.shortcuts = games.map((g) => ({
  name: `New ${g.name} game`,
  short_name: g.name,
  url: g.new_game,
  icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }],
}));
fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
