use std::collections::{HashMap, HashSet};

use crate::{
    DialerId, DocSearchPhase, DocumentActorId,
    actors::hub::{
        dialer::{DialerState, DialerStatus},
        state::ActorInfo,
    },
};

pub(super) struct Searches {
    pub(super) phases: HashMap<DocumentActorId, DocSearchPhase>,
    pub(super) last_dialers: HashMap<DialerId, DialerStatus>,
    /// Actors spawned or whose phase was set since the last pop (Chicken
    /// Scores' patch: PATCHED.md).
    pub(super) touched: HashSet<DocumentActorId>,
}

impl Searches {
    pub(super) fn new() -> Self {
        Self {
            phases: HashMap::new(),
            last_dialers: HashMap::new(),
            touched: HashSet::new(),
        }
    }

    /// Actor `actor` was spawned or its phase set: looked at in the next pop.
    pub(super) fn touch(&mut self, actor: DocumentActorId) {
        self.touched.insert(actor);
    }

    pub(super) fn add_search(&mut self, actor: DocumentActorId, phase: DocSearchPhase) {
        self.phases.insert(actor, phase);
    }

    pub(super) fn pop_state_updates(
        &mut self,
        actors: &HashMap<DocumentActorId, ActorInfo>,
        dialers: &HashMap<DialerId, DialerState>,
    ) -> HashMap<DocumentActorId, DocSearchPhase> {
        let new_dialer_state = dialers
            .iter()
            .map(|(dialer_id, state)| (*dialer_id, state.status.clone()))
            .collect::<HashMap<DialerId, DialerStatus>>();
        let dialers_changed = self.last_dialers != new_dialer_state;
        self.last_dialers = new_dialer_state;

        let mut result = HashMap::new();
        // Only the actors touched since the last pop can have a new phase,
        // unless a dialer changed (then every actor's search is told again).
        let touched = std::mem::take(&mut self.touched);
        let looked_at: Box<dyn Iterator<Item = (&DocumentActorId, &ActorInfo)>> = if dialers_changed
        {
            Box::new(actors.iter())
        } else {
            Box::new(touched.iter().filter_map(|id| actors.get_key_value(id)))
        };
        for (actor_id, actor) in looked_at {
            let last_phase = self.phases.get(actor_id);
            if last_phase != Some(&actor.search_phase) || dialers_changed {
                result.insert(*actor_id, actor.search_phase.clone());
            }
            self.phases.insert(*actor_id, actor.search_phase.clone());
        }
        result
    }
}
