//! Plumedini's Circus Trump's bundle: its new-game page and its game pages.
chicken_scores::bundle!(chicken_scores::rules::chicken_lines::circus::CircusTrump);
