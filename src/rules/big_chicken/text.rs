//! What the screen says: the score sheet's rows, what happens next, the
//! outcome.

use super::*;

impl BigChicken {
    pub(super) fn round_row(setup: &Setup<Settings>, state: &State, r: &ScoredRound) -> SheetRow {
        let n = setup.players.len();
        let winner = setup.name(r.out);
        let mut notes = vec![match r.last_lay {
            LastLay::Single => format!("{winner} went out with a single card"),
            LastLay::Several => format!("{winner} went out with several cards (Egging)"),
        }];
        if r.number == 1 {
            if let Some(holder) = state.big_red {
                notes.push(format!("{} held Big Red and led", setup.name(holder)));
            }
        }
        if let Some(c) = r.crowed {
            notes.push(if c == r.out {
                format!("{} Crowed and went out", setup.name(c))
            } else {
                format!("{} Crowed but did not go out (Eating Crow)", setup.name(c))
            });
        }
        if let Some(a) = r.assistant {
            notes.push(format!(
                "{} was right before {winner} and could have stopped them (Assistance)",
                setup.name(a)
            ));
        }
        notes.push(if r.bad_egg.by == EggReason::NotNeeded {
            "No Bad Egg: the game is over, nobody deals again".to_string()
        } else {
            format!(
                "Bad Egg: {}{}",
                setup.name(r.bad_egg.seat),
                reason_text(r.bad_egg.by, true)
            )
        });
        notes.push(format!(
            "Good Egg: {}{}",
            setup.name(r.good_egg.seat),
            reason_text(r.good_egg.by, false)
        ));
        notes.push(if r.last_lay_flipped {
            format!(
                "Direction at the end: {} ({} at the last lay; the Duck that went out flipped the card)",
                r.direction.name(),
                r.direction.flipped().name()
            )
        } else {
            format!("Direction at the end: {}", r.direction.name())
        });
        let details = (0..n)
            .map(|seat| {
                let left = r.cards_left.get(seat).copied().unwrap_or(0);
                let mut lines = vec![if seat == r.out {
                    "Went out: 0 cards".to_string()
                } else {
                    let m = r.multipliers.get(seat).copied().unwrap_or(1);
                    let s = r.card_scores.get(seat).copied().unwrap_or(0);
                    let cards = if left == 1 { "card" } else { "cards" };
                    format!("{left} {cards} × {m} = {s}")
                }];
                if let Some(list) = r.penalties.get(seat) {
                    lines.extend(list.iter().map(|p| p.label()));
                }
                lines
            })
            .collect();
        SheetRow {
            label: format!("Round {}", r.number),
            number: r.number.to_string(),
            out: WentOut::Player(r.out),
            entry: Some(r.entry),
            points: r.points.iter().map(|p| Points::new(*p as i64)).collect(),
            totals: r.totals.iter().map(|p| Points::new(*p as i64)).collect(),
            notes,
            details,
        }
    }

    pub(super) fn status(setup: &Setup<Settings>, state: &State) -> Vec<String> {
        let mut status = Vec::new();
        let Some(next) = state.next_round() else {
            status.extend(golden_draw_guide(setup, state).map(|g| g.status));
            return status;
        };
        let guide = round_guide(setup, state, None, next.direction);
        status.push(format!("Round {} · {}", guide.number, guide.dealer));
        status.push(guide.leader);
        status.extend(guide.exchange);
        status.push(format!("Direction: {}", next.direction.name()));
        status.push(guide.deal);
        status.push(LAST_EGG.to_string());
        if setup.settings.tournament {
            status.push(TOURNAMENT_RULE.to_string());
        }
        status
    }

    pub(super) fn outcome(setup: &Setup<Settings>, state: &State) -> Option<Outcome> {
        let end = state.end()?;
        let n = setup.players.len();
        let totals: Vec<u32> = (0..n)
            .map(|s| state.totals().get(s).copied().unwrap_or(0))
            .collect();
        let points: Vec<Points> = totals.iter().map(|t| Points::new(*t as i64)).collect();
        let mut ranks = competition_ranks(&points, true);
        let all: Vec<usize> = (0..n).collect();
        let total = |s: usize| totals.get(s).copied().unwrap_or(0);
        let lowest = best_seats(&all, total, false);
        let rotten = best_seats(&all, total, true);
        let mut notes = vec![match end {
            GameEnd::Reached100 => format!(
                "Game over after round {}: someone reached {END_SCORE}.",
                state.rounds.len()
            ),
            GameEnd::TenRounds => format!("Game over after round {MAX_ROUNDS}."),
        }];
        let worst = rotten.first().map(|s| total(*s)).unwrap_or(0);
        notes.push(if rotten.len() == 1 {
            format!("Rotten Egg: {} ({})", names(setup, &rotten), count(worst, "point"))
        } else {
            format!(
                "Rotten Eggs (shared): {} ({} each)",
                names(setup, &rotten),
                count(worst, "point")
            )
        });
        let best = lowest.first().map(|s| total(*s)).unwrap_or(0);
        let mut pending = None;
        let winners = match (lowest.as_slice(), &state.golden_draw) {
            ([one], _) => {
                notes.push(format!("Golden Egg: {} ({})", setup.name(*one), count(best, "point")));
                vec![*one]
            }
            (tied, Some(draw)) => {
                for (seat, rank) in ranks.iter_mut().enumerate() {
                    if tied.contains(&seat) && seat != draw.winner {
                        *rank = 2;
                    }
                }
                let rounds: Vec<String> = draw
                    .draws
                    .iter()
                    .scan(draw.players.clone(), |drawing, cards| {
                        let line: Vec<String> = drawing
                            .iter()
                            .zip(cards)
                            .map(|(p, c)| format!("{} {c}", setup.name(*p)))
                            .collect();
                        let top = highest_indexes(cards);
                        *drawing = top
                            .iter()
                            .filter_map(|i| drawing.get(*i))
                            .copied()
                            .collect();
                        Some(line.join(", "))
                    })
                    .collect();
                notes.push(format!(
                    "Golden Egg: {} ({}), winning the card draw against {}",
                    setup.name(draw.winner),
                    count(best, "point"),
                    names(
                        setup,
                        &tied
                            .iter()
                            .copied()
                            .filter(|s| *s != draw.winner)
                            .collect::<Vec<_>>()
                    )
                ));
                notes.push(format!("Card draw: {}", rounds.join("; then ")));
                vec![draw.winner]
            }
            (tied, None) => {
                notes.push(format!(
                    "Golden Egg tie between {} ({} each): the card draw is pending.",
                    names(setup, tied),
                    count(best, "point")
                ));
                pending = Some("Golden Egg tie: card draw pending".to_string());
                tied.to_vec()
            }
        };
        Some(Outcome {
            ranks,
            winners,
            notes,
            pending,
        })
    }
}

pub(super) fn reason_text(reason: EggReason, bad: bool) -> String {
    match reason {
        EggReason::Outright => {
            if bad {
                " (most points)".to_string()
            } else {
                " (fewest points)".to_string()
            }
        }
        EggReason::HighestTotal => " (tie: highest total)".to_string(),
        EggReason::HighestCard(Some(card)) => format!(" (tie: highest card, {card})"),
        EggReason::HighestCard(None) => " (tie: the only one still holding cards)".to_string(),
        EggReason::WentOut => " (tie: went out)".to_string(),
        EggReason::OnlyOther => " (everyone tied: not the Good Egg)".to_string(),
        EggReason::TablePick => " (tie: the table's pick)".to_string(),
        EggReason::NotNeeded => " (tie, not settled: the game is over)".to_string(),
    }
}
