// Writes each game's link into the page's static home (public/index.html's
// `<ul class="kinds" data-games>`), from the game registry (its JSON on
// stdin, as printed by src/bin/games.rs), as the app's home writes it
// (src/app/pages/home_page.rs), and each game's name and player range for
// the page's static new-game form (`<main id="boot-form" data-forms>`:
// {"<new-game address>": [name, fewest, most]}). Run by tests/tools/split.sh, which owns the
// staged page. Usage: cargo run -q --bin games | node static-home.mjs <page>
import fs from 'node:fs';

const [file] = process.argv.slice(2);
const games = JSON.parse(fs.readFileSync(0, 'utf8'));
if (!Array.isArray(games) || games.length === 0) throw new Error('static-home.mjs: no games on stdin');
const escape = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const links = games.map((g) => `<li><a class="kind-link" href="${escape(g.new_game)}" data-testid="new-${escape(g.id)}">`
  + `<strong>${escape(g.name)}</strong><small>${escape(g.line)}</small></a></li>`).join('');
const page = fs.readFileSync(file, 'utf8');
// The minifier may drop the attribute's quotes: any <ul ... data-games ...>.
const list = /<ul\b[^>]*\bdata-games\b[^>]*>/;
if (!list.test(page)) throw new Error(`static-home.mjs: ${file} has no <ul data-games>`);
const forms = /\bdata-forms\b(?==|[\s>])(=("[^"]*"|'[^']*'|[^\s>]*))?/;
if (!forms.test(page)) throw new Error(`static-home.mjs: ${file} has no data-forms`);
const table = Object.fromEntries(games.map((g) => [g.new_game, [g.name, g.players[0], g.players[1]]]));
fs.writeFileSync(file, page.replace(list, (ul) => ul + links).replace(forms, `data-forms="${escape(JSON.stringify(table))}"`));
