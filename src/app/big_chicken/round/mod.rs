//! The round form, the table companion for one round, in parts around one
//! small `Copy` context ([`Ctx`]): the companion (who deals and leads, the
//! Direction of Play card, the card exchange, Crowing), the result (who
//! went out and how, Egging, the Penalty for Assistance), cards left with
//! each player's score previewed, tournament challenges, and the tie
//! questions. Every sentence about the rules comes from
//! `rules::big_chicken`; the parts only ask and show.

mod cards_left;
mod challenges;
mod companion;
mod result;
mod ties;

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::game::Form;
use crate::rules::big_chicken::{
    deck_setup, open_ties, preview_round, round_with_answers, settle_ties, BigChicken, Card,
    Challenge, Direction, Entry, LastLay, Round, RoundScores, TieAnswers, TieQuestion,
};
use crate::rules::{parse_count, RuleError};

/// Which entry a Big Chicken form records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FormKind {
    /// A round's result (every draft of earlier versions is one).
    #[default]
    Round,
    /// Before round 1: who holds Big Red.
    BigRed,
    /// A recorded card draw, opened for correction (not edited by hand).
    CardDraw,
}

/// What a Big Chicken entry form holds, as kept between page loads: a
/// round being entered, or who holds Big Red.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RoundDraft {
    /// Which entry this is.
    #[serde(default)]
    pub kind: FormKind,
    /// Who holds Big Red (a Big Red form).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub big_red: Option<usize>,
    /// The round this draft was typed for.
    pub number: usize,
    /// The Direction of Play card as it lies now.
    pub direction: Direction,
    /// Who went out.
    pub out: Option<usize>,
    /// One card or several on the last lay.
    pub last_lay: LastLay,
    /// The last card was a Duck (it flipped the direction card).
    pub flipped: bool,
    /// Who Crowed first.
    pub crowed: Option<usize>,
    /// The table says the player before the winner could have stopped it.
    pub assisted: bool,
    /// Cards left as typed, by seat.
    pub texts: Vec<String>,
    /// Tournament challenges lost.
    pub challenges: Vec<Challenge>,
    /// Round 1 Bad Egg tie: each tied player's highest card, by seat. Kept
    /// while the tie comes and goes with the cards left typed.
    #[serde(default)]
    pub highest: Vec<Option<Card>>,
    /// The table's Bad Egg pick.
    #[serde(default)]
    pub bad_pick: Option<usize>,
    /// The table's Good Egg pick.
    #[serde(default)]
    pub good_pick: Option<usize>,
}

impl RoundDraft {
    /// An empty round: nothing typed, the direction card as it lies.
    pub fn empty(number: usize, n: usize, direction: Direction) -> Self {
        RoundDraft {
            number,
            direction,
            texts: vec![String::new(); n],
            highest: vec![None; n],
            ..RoundDraft::default()
        }
    }

    /// The draft of a recorded round (to correct it).
    pub fn of(number: usize, r: &Round, n: usize) -> Self {
        RoundDraft {
            kind: FormKind::Round,
            big_red: None,
            number,
            direction: r.direction,
            out: r.out,
            last_lay: r.last_lay,
            flipped: r.last_lay_flipped,
            crowed: r.crowed,
            assisted: r.assisted,
            texts: (0..n)
                .map(|i| match r.cards_left.get(i) {
                    Some(c) if r.out != Some(i) => c.to_string(),
                    _ => String::new(),
                })
                .collect(),
            challenges: r.challenges.clone(),
            highest: (0..n)
                .map(|i| r.highest_cards.get(i).copied().flatten())
                .collect(),
            bad_pick: r.bad_egg_pick,
            good_pick: r.good_egg_pick,
        }
    }

    /// Whether the draft was typed for `n` players (a draft without tie
    /// answers, as an earlier version may have kept it, fits too).
    pub fn fits(&self, n: usize) -> bool {
        self.texts.len() == n
            && (self.highest.len() == n || self.highest.is_empty())
            && self.out.is_none_or(|o| o < n)
            && self.crowed.is_none_or(|c| c < n)
    }

    /// The draft with a highest-card slot for each of `n` players (a kept
    /// draft may have none).
    pub fn for_players(mut self, n: usize) -> Self {
        self.highest.resize(n, None);
        self
    }

    /// The round without tie answers, or the first field that is not a
    /// count yet (with its message).
    pub fn round(&self, n: usize, most: u32) -> Result<Round, RuleError> {
        let Some(out) = self.out else {
            return Err(RuleError::new("Tap who went out."));
        };
        let mut cards_left = Vec::with_capacity(n);
        for i in 0..n {
            if i == out {
                cards_left.push(0);
                continue;
            }
            let t = self.texts.get(i).cloned().unwrap_or_default();
            cards_left.push(
                parse_count(&t, "cards left", most).map_err(|m| RuleError::for_player(i, m))?,
            );
        }
        Ok(Round {
            out: Some(out),
            last_lay: self.last_lay,
            cards_left,
            crowed: self.crowed,
            assisted: self.assisted,
            challenges: self.challenges.clone(),
            direction: self.direction,
            last_lay_flipped: self.flipped,
            ..Round::default()
        }
        .as_asked(n))
    }

    /// The table's answers to the tie questions.
    pub fn answers(&self) -> TieAnswers {
        TieAnswers {
            highest: self.highest.clone(),
            bad_pick: self.bad_pick,
            good_pick: self.good_pick,
        }
    }
}

/// Most cards a hand can hold: never the whole deck (the last lay is on
/// the table).
fn most_cards(n: usize) -> u32 {
    deck_setup(n)
        .map(|d| d.deck_size as u32)
        .unwrap_or(0)
        .saturating_sub(1)
}

/// The round a draft describes, with its tie answers, or what is wrong.
pub fn build(form: &Form<BigChicken>, d: &RoundDraft) -> Result<Entry, RuleError> {
    let n = form.players();
    let base = d.round(n, most_cards(n))?;
    let setup = form.setup();
    form.with_before(|st| round_with_answers(&setup, st, &base, &d.answers()))
        .map(Entry::Round)
}

/// What every part of the round form shares: small handles only.
#[derive(Clone, Copy)]
pub struct Ctx {
    form: Form<BigChicken>,
    outer: RwSignal<RoundDraft>,
    /// The cards-left field the number pad fills.
    active: RwSignal<Option<usize>>,
    /// Whose highest card the card picker asks for.
    picker: RwSignal<Option<usize>>,
    /// The round as entered so far (no tie answers), once complete.
    base: Memo<Option<Round>>,
    /// Its scores, if the rules accept it.
    scores: Memo<Option<RoundScores>>,
    /// The rules' objection to it, if any.
    problem: Memo<Option<RuleError>>,
    /// The tie questions to show, as soon as the round entered raises them.
    ties: Memo<Vec<TieQuestion>>,
    /// Those of them the answers given do not settle yet (Save refuses).
    open: Memo<Vec<TieQuestion>>,
    n: usize,
    most: u32,
}

impl Ctx {
    fn name(&self, i: usize) -> String {
        self.form.name(i)
    }

    /// Reads the round being entered (tracked).
    fn with<T>(&self, f: impl FnOnce(&RoundDraft) -> T) -> T {
        self.outer.with(f)
    }

    /// Reads the round being entered (untracked).
    fn with_untracked<T>(&self, f: impl FnOnce(&RoundDraft) -> T) -> T {
        self.outer.with_untracked(f)
    }

    /// Changes the round being entered (and clears a refusal).
    fn edit(&self, f: impl FnOnce(&mut RoundDraft)) {
        self.outer.update(f);
        self.form.changed();
    }
}

/// The fields of the round form.
pub fn body(form: Form<BigChicken>, outer: RwSignal<RoundDraft>) -> AnyView {
    let n = form.players();
    let d = move |f: &mut dyn FnMut(&RoundDraft)| outer.with(|o| f(o));
    let most = most_cards(n);
    let base = Memo::new(move |_| {
        let mut r = None;
        d(&mut |x| r = x.round(n, most).ok());
        r
    });
    let scores = Memo::new(move |_| {
        base.with(|b| {
            let r = b.as_ref()?;
            form.with_setup(|s| form.with_before(|st| preview_round(s, st, r).ok()))
        })
    });
    let problem = Memo::new(move |_| {
        base.with(|b| {
            let r = b.as_ref()?;
            form.with_setup(|s| form.with_before(|st| preview_round(s, st, r).err()))
        })
    });
    let ties = Memo::new(move |_| {
        let Some(b) = base.get() else {
            return Vec::new();
        };
        let mut answers = TieAnswers::default();
        d(&mut |x| answers = x.answers());
        form.with_setup(|s| form.with_before(|st| settle_ties(s, st, &b, &answers).map(|t| t.0)))
            .unwrap_or_default()
    });
    let open = Memo::new(move |_| {
        let Some(b) = base.get() else {
            return Vec::new();
        };
        let mut answers = TieAnswers::default();
        d(&mut |x| answers = x.answers());
        form.with_setup(|s| form.with_before(|st| open_ties(s, st, &b, &answers)))
            .unwrap_or_default()
    });
    let c = Ctx {
        form,
        outer,
        active: RwSignal::new(None),
        picker: RwSignal::new(None),
        base,
        scores,
        problem,
        ties,
        open,
        n,
        most,
    };
    view! {
        {companion::view(c)}
        {result::view(c)}
        {cards_left::view(c)}
        {challenges::view(c)}
        {ties::view(c)}
        <p class="form-error" role="alert" data-testid="round-problem">
            {crate::app::erased::text(move || c.problem.with(|p| p.as_ref().filter(|e| e.player.is_none()).map(|e| e.message.clone())).filter(|_| c.form.error.with(Option::is_none)).unwrap_or_default())}
        </p>
        {cards_left::pad(c)}
        {ties::picker(c)}
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drafts_of_earlier_versions_read_as_rounds() {
        // As the previous release kept a round being entered.
        let old = r#"{"number":2,"direction":"cluckwise","out":1,"last_lay":"single","flipped":false,"crowed":null,"assisted":false,"texts":["3","","5"],"challenges":[],"highest":[null,null,null],"bad_pick":null,"good_pick":null}"#;
        match serde_json::from_str::<RoundDraft>(old) {
            Ok(d) => {
                assert_eq!(d.kind, FormKind::Round);
                assert_eq!(d.out, Some(1));
                assert!(d.fits(3));
            }
            Err(e) => panic!("an old draft no longer reads: {e}"),
        }
    }

    #[test]
    fn drafts_without_tie_answers_still_read() {
        // Without the tie answers at all: they default to none.
        let old = r#"{"number":1,"direction":"cluckwise","out":0,"last_lay":"single","flipped":false,"crowed":null,"assisted":false,"texts":["","3","3"],"challenges":[]}"#;
        let d = match serde_json::from_str::<RoundDraft>(old) {
            Ok(d) => d,
            Err(e) => panic!("an old draft no longer reads: {e}"),
        };
        assert!(d.fits(3));
        let d = d.for_players(3);
        assert_eq!(d.highest, vec![None; 3]);
        assert_eq!(
            d.answers(),
            TieAnswers {
                highest: vec![None; 3],
                bad_pick: None,
                good_pick: None,
            }
        );
        // A draft kept with its answers keeps them.
        let mut d = d;
        d.highest[1] = Some(Card::BigRed);
        d.bad_pick = Some(2);
        let back: RoundDraft = serde_json::from_str(&serde_json::to_string(&d).unwrap()).unwrap();
        assert_eq!(back.answers(), d.answers());
        assert!(!RoundDraft {
            highest: vec![None; 2],
            ..d
        }
        .fits(3));
    }

    #[test]
    fn a_draft_round_trips_and_reads_as_its_round() {
        let mut d = RoundDraft::empty(1, 3, Direction::Cluckwise);
        d.out = Some(0);
        d.texts = vec![String::new(), "4".into(), "x".into()];
        let back: RoundDraft = serde_json::from_str(&serde_json::to_string(&d).unwrap()).unwrap();
        assert_eq!(back, d);
        // The first field that is not a count is named, beside its player.
        assert_eq!(d.round(3, 47).unwrap_err().player, Some(2));
        d.texts[2] = "2".into();
        assert_eq!(d.round(3, 47).unwrap().cards_left, vec![0, 4, 2]);
        d.out = None;
        assert!(d
            .round(3, 47)
            .unwrap_err()
            .message
            .contains("Tap who went out"));
    }
}
