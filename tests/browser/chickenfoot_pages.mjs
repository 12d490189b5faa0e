// The Chickenfoot game several tests play: its hands and its start.
import { HomeScreen } from './pages.mjs';

/** A two-player Double-6 Chickenfoot game of seven hands: Ann wins 18 to 24. */
export const SEVEN_HANDS = [
  { out: 'Ann', pips: { Bob: 10 } },
  { out: 'Bob', pips: { Ann: 4 } },
  { out: 'Ann', pips: { Bob: 3 } },
  { out: 'Bob', pips: { Ann: 5 } },
  { out: 'Ann', pips: { Bob: 2 } },
  { out: 'Bob', pips: { Ann: 1 } },
  { out: null, pips: { Ann: 8, Bob: 9 } },
];

/** Ann and Bob's Double-6 Chickenfoot game started from home; its screen. */
export async function startTwoPlayerDouble6(page) {
  const setup = await new HomeScreen(page).startNew('chickenfoot');
  await setup.addPlayers(['Ann', 'Bob']);
  await setup.choose('Domino set', 'Double-6');
  return setup.start();
}
