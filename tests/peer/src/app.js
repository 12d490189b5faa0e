// STAND-IN peer for issue 25: a generic score keeper written the way a
// Vue 2 + Vuetify 2 PWA would be (options API, Vuetify components, the
// template compiler of Vue's full build), for tests/browser/peer_bench.mjs.
// Routes live in location.hash: #/ (home), #/new/<kind>, #/game/<id>.
// Games are kept as JSON in localStorage['peer-games'], written whole on
// every change.
/* global Vue, Vuetify */

const KINDS = [
  ['chickenfoot', 'Chickenfoot'],
  ['big-chicken', 'Big Chicken'],
  ['playing-chicken', 'Playing Chicken'],
  ['cluck', 'Cluck!'],
  ['chicken-lines-rummy', 'Chicken Lines Rummy'],
  ['circus-trump', "Plumedini's Circus Trump"],
];
const KIND_NAMES = Object.fromEntries(KINDS);
const KEY = 'peer-games';
const MAX_PLAYERS = 10;

function loadGames() {
  try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch { return []; }
}
function storeGames(games) { localStorage.setItem(KEY, JSON.stringify(games)); }
const totalsOf = (game) => game.players.map((_, i) => game.hands.reduce((sum, hand) => sum + (hand[i] || 0), 0));

/** The route in the hash: { name: 'home' | 'new' | 'game', arg }. */
function parseRoute() {
  const [, name = '', arg = ''] = location.hash.replace(/^#/, '').split('/');
  if (name === 'new' && KIND_NAMES[arg]) return { name: 'new', arg };
  if (name === 'game' && arg) return { name: 'game', arg: decodeURIComponent(arg) };
  return { name: 'home', arg: '' };
}

// Inline SVG icons (no icon font).
const ICONS = {
  plus: 'M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z',
  back: 'M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z',
  close: 'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z',
};
Vue.component('svg-icon', {
  props: { name: String },
  computed: { d() { return ICONS[this.name]; } },
  template: '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path :d="d" fill="currentColor"/></svg>',
});

const Home = {
  props: { games: Array },
  data: () => ({ kinds: KINDS.map(([id, name]) => ({ id, name })) }),
  computed: {
    inProgress() { return this.games.filter((g) => !g.finished); },
  },
  methods: {
    kindName: (kind) => KIND_NAMES[kind],
    totals: totalsOf,
  },
  template: `
    <v-container>
      <h2 class="text-h6 mb-2">Games in progress</h2>
      <p v-if="!inProgress.length" class="text-body-2">No game in progress.</p>
      <v-card v-for="g in inProgress" :key="g.id" class="mb-3" outlined :data-testid="'game-' + g.id">
        <v-card-title>{{ kindName(g.kind) }}</v-card-title>
        <v-card-subtitle>Hand {{ g.hands.length + 1 }}</v-card-subtitle>
        <v-card-text>
          <span v-for="(p, i) in g.players" :key="i" class="mr-3">{{ p }}: {{ totals(g)[i] }}</span>
        </v-card-text>
        <v-card-actions>
          <v-btn text color="primary" :href="'#/game/' + encodeURIComponent(g.id)">Open</v-btn>
        </v-card-actions>
      </v-card>
      <h2 class="text-h6 mt-4">New game</h2>
      <v-list>
        <v-list-item v-for="k in kinds" :key="k.id" :href="'#/new/' + k.id" :data-testid="'new-' + k.id">
          <v-list-item-icon><svg-icon name="plus" /></v-list-item-icon>
          <v-list-item-content><v-list-item-title>{{ k.name }}</v-list-item-title></v-list-item-content>
        </v-list-item>
      </v-list>
    </v-container>`,
};

const NewGame = {
  props: { kind: String },
  data: () => ({ name: '', players: [], max: MAX_PLAYERS }),
  computed: {
    kindName() { return KIND_NAMES[this.kind]; },
  },
  methods: {
    add() {
      const name = this.name.trim();
      if (!name || this.players.length >= MAX_PLAYERS || this.players.includes(name)) return;
      this.players.push(name);
      this.name = '';
    },
    remove(i) { this.players.splice(i, 1); },
    start() { this.$emit('start', { kind: this.kind, players: [...this.players] }); },
  },
  template: `
    <v-container>
      <h2 class="text-h6 mb-2">New {{ kindName }}</h2>
      <v-form data-testid="new-game-form" @submit.prevent="add">
        <v-text-field v-model="name" label="Player name" outlined dense autocomplete="off"
          :disabled="players.length >= max" data-testid="player-name" />
        <v-btn type="submit" color="primary" data-testid="add">Add</v-btn>
      </v-form>
      <v-list dense>
        <v-subheader>Players ({{ players.length }} of {{ max }})</v-subheader>
        <v-list-item v-for="(p, i) in players" :key="p">
          <v-list-item-content><v-list-item-title>{{ i + 1 }}. {{ p }}</v-list-item-title></v-list-item-content>
          <v-list-item-action>
            <v-btn icon :aria-label="'Remove ' + p" @click="remove(i)"><svg-icon name="close" /></v-btn>
          </v-list-item-action>
        </v-list-item>
      </v-list>
      <v-btn block color="primary" :disabled="players.length < 2" data-testid="start" @click="start">Start</v-btn>
    </v-container>`,
};

const Game = {
  props: { game: Object },
  data() { return { pips: this.game.players.map(() => '') }; },
  computed: {
    totals() { return totalsOf(this.game); },
    kindName() { return KIND_NAMES[this.game.kind]; },
  },
  methods: {
    save() {
      const hand = this.pips.map((v) => Number.parseInt(v, 10) || 0);
      this.$emit('save', hand);
      this.pips = this.game.players.map(() => '');
    },
  },
  template: `
    <v-container>
      <h2 class="text-h6 mb-2">{{ kindName }} · hand {{ game.hands.length + 1 }}</h2>
      <v-simple-table dense class="sheet" data-testid="sheet">
        <template v-slot:default>
          <thead>
            <tr><th>#</th><th v-for="(p, i) in game.players" :key="i">{{ p }}</th></tr>
          </thead>
          <tbody>
            <tr v-for="(hand, n) in game.hands" :key="n" class="hand">
              <td>{{ n + 1 }}</td><td v-for="(v, i) in hand" :key="i">{{ v }}</td>
            </tr>
            <tr class="totals">
              <th>Total</th><th v-for="(t, i) in totals" :key="i">{{ t }}</th>
            </tr>
          </tbody>
        </template>
      </v-simple-table>
      <v-form class="mt-4" @submit.prevent="save">
        <div class="pips">
          <v-text-field v-for="(p, i) in game.players" :key="i" v-model="pips[i]" :label="p + ': points'"
            type="number" inputmode="numeric" outlined dense :data-testid="'pips-' + i" />
        </div>
        <v-btn type="submit" block color="primary" data-testid="save">Save hand</v-btn>
      </v-form>
    </v-container>`,
};

new Vue({
  el: '#app',
  vuetify: new Vuetify(),
  components: { Home, NewGame, Game },
  data: () => ({ route: parseRoute(), games: loadGames() }),
  computed: {
    game() { return this.route.name === 'game' ? this.games.find((g) => g.id === this.route.arg) : null; },
  },
  created() {
    window.addEventListener('hashchange', () => { this.route = parseRoute(); });
    // Another tab (or a test) may have written the games.
    window.addEventListener('storage', (e) => { if (e.key === KEY) this.games = loadGames(); });
  },
  methods: {
    start({ kind, players }) {
      const id = `g${Date.now().toString(36)}`;
      this.games.push({ id, kind, players, hands: [], created: Date.now(), finished: false });
      storeGames(this.games);
      location.hash = `#/game/${id}`;
    },
    saveHand(hand) {
      this.game.hands.push(hand);
      storeGames(this.games); // synchronous: on disk before the next frame
    },
  },
  template: `
    <v-app>
      <v-app-bar app color="primary" dark dense>
        <v-btn v-if="route.name !== 'home'" icon href="#/" aria-label="Home"><svg-icon name="back" /></v-btn>
        <v-toolbar-title>Peer score keeper (stand-in)</v-toolbar-title>
      </v-app-bar>
      <v-main>
        <new-game v-if="route.name === 'new'" :key="route.arg" :kind="route.arg" @start="start" />
        <game v-else-if="route.name === 'game' && game" :key="game.id" :game="game" @save="saveHand" />
        <v-container v-else-if="route.name === 'game'"><p>No such game.</p></v-container>
        <home v-else :games="games" />
      </v-main>
    </v-app>`,
});

// Offline, as a PWA: the service worker registers once the page has loaded.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => navigator.serviceWorker.register('sw.js'));
}
