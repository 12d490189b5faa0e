//! The sync engine: samod-core's hub and document actors (the
//! automerge-repo protocol, sans-IO) driven in one thread. The runtime (the
//! sync worker in a browser, or a test) performs what the engine asks for
//! ([`Effect`]): storing bytes, sending and closing connections, dialing
//! the server; and tells it what happened: a connection opened, bytes
//! arrived, a store finished, time passed.
//!
//! Nothing here waits or touches the platform, so two engines wired to
//! each other run natively in the tests.

use std::collections::{HashMap, HashSet, VecDeque};

use automerge::Automerge;
use rand_core_09::RngCore;

use crate::confirmed::{self, Unconfirmed};
use samod_core::actors::document::io::{DocumentIoResult, DocumentIoTask};
use samod_core::actors::document::{DocActorResult, DocumentActor};
use samod_core::actors::hub::io::HubIoAction;
use samod_core::actors::hub::{CommandId, CommandResult, Hub, HubEvent, HubResults};
use samod_core::actors::HubToDocMsg;
use samod_core::io::{IoResult, IoTask, StorageResult, StorageTask};
use samod_core::network::ConnectionEvent;
use samod_core::{
    BackoffConfig, ConnectionId, DialerConfig, DialerId, DocSearchPhase, DocumentActorId,
    DocumentId, ListenerConfig, ListenerId, ShareConfig, UnixTimestamp,
};

/// What the engine asks its runtime to do, or tells it.
#[derive(Debug)]
pub enum Effect {
    /// Perform a storage task for a document, then call
    /// [`Engine::stored`] with its result.
    Store {
        /// The document actor that asked.
        actor: DocumentActorId,
        /// What to read or write.
        task: IoTask<StorageTask>,
    },
    /// Send these bytes on the connection.
    Send {
        /// Where.
        conn: ConnectionId,
        /// One protocol message.
        bytes: Vec<u8>,
    },
    /// Close the connection.
    Close(ConnectionId),
    /// Open a WebSocket to `url` for the dialer, then call
    /// [`Engine::opened`] (or [`Engine::dial_failed`]).
    Dial {
        /// The dialer.
        dialer: DialerId,
        /// The server's address.
        url: String,
    },
    /// The server answered the handshake: the phone is online.
    Online(ConnectionId),
    /// The connection is gone, and why (samod-core's words).
    Offline(ConnectionId, String),
    /// A document created or found is ready to read.
    Ready(DocumentId),
    /// A document looked for is not in storage here: it is asked of the
    /// server.
    Searching(DocumentId),
    /// A document looked for is on no peer (every one asked said so).
    Unavailable(DocumentId),
    /// A document changed (here or on another phone).
    Changed(DocumentId),
}

enum Work {
    Hub(HubEvent),
    Actor(DocumentActorId, HubToDocMsg),
    ActorIo(DocumentActorId, IoResult<DocumentIoResult>),
}

/// The hub, its document actors, and what is under way.
pub struct Engine<R: RngCore> {
    hub: Box<Hub>,
    rng: R,
    clock: fn() -> u128,
    actors: HashMap<DocumentActorId, DocumentActor>,
    by_doc: HashMap<DocumentId, DocumentActorId>,
    connecting: HashMap<CommandId, DialerId>,
    conns: HashMap<DialerId, ConnectionId>,
    listener: Option<ListenerId>,
    accepting: Option<CommandId>,
    accepted: Option<ConnectionId>,
    work: VecDeque<Work>,
    effects: Vec<Effect>,
    /// Whether documents are offered to peers unasked (a listening
    /// engine, as the reference sync server, offers none).
    announce: bool,
    /// Messages sent and received on the current connections, and when
    /// the last one arrived (ms): how far the peer is behind.
    sent: u64,
    received: u64,
    received_at: u128,
    /// Why the socket closed, as the runtime said (told with the
    /// connection's end in place of the engine's own words).
    lost_why: Option<String>,
    /// Documents with changes the server has not said it holds.
    unconfirmed: Unconfirmed,
    /// Documents the server said something of since last asked.
    peers_moved: HashSet<DocumentId>,
}

impl<R: RngCore> Engine<R> {
    /// An engine around a loaded hub (`samod_core::SamodLoader`).
    pub fn new(hub: Box<Hub>, rng: R, clock: fn() -> u128) -> Self {
        Engine {
            hub,
            rng,
            clock,
            actors: HashMap::new(),
            by_doc: HashMap::new(),
            connecting: HashMap::new(),
            conns: HashMap::new(),
            listener: None,
            accepting: None,
            accepted: None,
            work: VecDeque::new(),
            effects: Vec::new(),
            announce: true,
            sent: 0,
            received: 0,
            received_at: 0,
            lost_why: None,
            unconfirmed: Unconfirmed::default(),
            peers_moved: HashSet::new(),
        }
    }

    /// Messages sent that the peers have not answered yet (as many
    /// arrived as were sent: none), and ms since the last one arrived.
    pub fn unanswered(&self) -> (u64, u128) {
        (
            self.sent.saturating_sub(self.received),
            self.now_ms().saturating_sub(self.received_at),
        )
    }

    /// How many documents hold changes the server has not said it holds.
    pub fn unconfirmed(&self) -> usize {
        self.unconfirmed.len()
    }

    /// Document `doc` (one stored before this page opened) is to be
    /// confirmed by the server, as one changed here is.
    pub fn to_confirm(&mut self, doc: DocumentId) {
        self.unconfirmed.add(doc.clone());
        self.check_confirmed(&doc);
    }

    /// Whether `doc` holds changes the server has not said it holds.
    pub fn is_unconfirmed(&self, doc: &DocumentId) -> bool {
        self.unconfirmed.has(doc)
    }

    /// Whether the server's last word on `doc` covers its heads here.
    pub fn server_holds(&self, doc: &DocumentId) -> bool {
        self.peer_says(doc, confirmed::holds)
    }

    /// Whether the server holds `doc` at all (any version of it).
    pub fn server_has(&self, doc: &DocumentId) -> bool {
        self.by_doc
            .get(doc)
            .and_then(|a| self.actors.get(a))
            .is_some_and(|actor| actor.peers().values().any(confirmed::has_any))
    }

    /// Whether the server last named exactly this phone's heads of `doc`.
    pub fn server_in_step(&self, doc: &DocumentId) -> bool {
        self.peer_says(doc, confirmed::in_step)
    }

    /// Whether `doc` is ready here and a peer's state of it passes `test`
    /// against its heads here.
    fn peer_says(
        &self,
        doc: &DocumentId,
        test: fn(&samod_core::network::PeerDocState, &[automerge::ChangeHash]) -> bool,
    ) -> bool {
        let Some(actor) = self.by_doc.get(doc).and_then(|a| self.actors.get(a)) else {
            return false;
        };
        if !actor.is_document_ready() {
            return false;
        }
        let heads = actor.document().get_heads();
        actor.peers().values().any(|state| test(state, &heads))
    }

    /// The documents the server said something of since last asked.
    pub fn take_peers_moved(&mut self) -> HashSet<DocumentId> {
        std::mem::take(&mut self.peers_moved)
    }

    /// Document `doc` was refused here: it is not this phone's to send.
    pub fn not_ours(&mut self, doc: &DocumentId) {
        self.unconfirmed.confirm(doc);
    }

    /// Confirms `doc` if the server's last word on it covers its heads here.
    fn check_confirmed(&mut self, doc: &DocumentId) {
        if !self.unconfirmed.has(doc) {
            return;
        }
        if self.server_holds(doc) {
            self.unconfirmed.confirm(doc);
        }
    }

    fn now(&self) -> UnixTimestamp {
        UnixTimestamp::from_millis((self.clock)())
    }

    /// The clock's time, in ms.
    pub fn now_ms(&self) -> u128 {
        (self.clock)()
    }

    /// What the runtime is to do now (and forget).
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// Dials the sync server at `url`, again and again while it is away.
    pub fn dial(&mut self, url: &str) -> Result<(), String> {
        let url = url
            .parse()
            .map_err(|_| "not a server address".to_string())?;
        let cmd = HubEvent::add_dialer(DialerConfig {
            url,
            backoff: BackoffConfig {
                initial_delay: std::time::Duration::from_millis(500),
                max_delay: std::time::Duration::from_secs(10),
                max_retries: None,
            },
        });
        self.run(Work::Hub(cmd.event));
        Ok(())
    }

    /// Accepts connections as the server does (the tests' server): like
    /// the reference sync server (`sharePolicy: false`), it offers no
    /// document to a peer that has not asked for it.
    pub fn listen(&mut self, url: &str) -> Result<(), String> {
        self.announce = false;
        let url = url
            .parse()
            .map_err(|_| "not a server address".to_string())?;
        let cmd = HubEvent::add_listener(ListenerConfig { url });
        self.run(Work::Hub(cmd.event));
        Ok(())
    }

    /// A peer connected to this listening engine: its connection.
    pub fn accept(&mut self) -> Option<ConnectionId> {
        let listener = self.listener?;
        let cmd = HubEvent::create_listener_connection(listener, None);
        let id = cmd.command_id;
        self.accepting = Some(id);
        self.run(Work::Hub(cmd.event));
        self.accepted.take()
    }

    /// The WebSocket the dialer asked for is open.
    pub fn opened(&mut self, dialer: DialerId) {
        let cmd = HubEvent::create_dialer_connection(dialer, None);
        self.connecting.insert(cmd.command_id, dialer);
        self.run(Work::Hub(cmd.event));
    }

    /// The connection for `dialer` could not be opened.
    pub fn dial_failed(&mut self, dialer: DialerId, why: &str) {
        self.run(Work::Hub(HubEvent::dial_failed(dialer, why.into(), false)));
    }

    /// Which connection a dialer's open WebSocket became, once known.
    pub fn connection_of(&self, dialer: DialerId) -> Option<ConnectionId> {
        self.conns.get(&dialer).copied()
    }

    /// Bytes arrived on `conn`.
    pub fn receive(&mut self, conn: ConnectionId, bytes: Vec<u8>) {
        self.received += 1;
        self.received_at = self.now_ms();
        self.run(Work::Hub(HubEvent::receive(conn, bytes).event));
    }

    /// The connection closed; `why`: the socket's words, if any.
    pub fn lost(&mut self, conn: ConnectionId, why: Option<String>) {
        self.lost_why = why;
        self.run(Work::Hub(HubEvent::connection_lost(conn)));
    }

    /// Time passed (dialers retry on ticks).
    pub fn tick(&mut self) {
        self.run(Work::Hub(HubEvent::tick()));
    }

    /// A storage task finished.
    pub fn stored(&mut self, actor: DocumentActorId, result: IoResult<StorageResult>) {
        let result = IoResult {
            task_id: result.task_id,
            payload: DocumentIoResult::Storage(result.payload),
        };
        self.run(Work::ActorIo(actor, result));
    }

    /// Creates a document holding `content`; [`Effect::Ready`] names it.
    pub fn create(&mut self, content: Automerge) {
        self.run(Work::Hub(HubEvent::create_document(content).event));
    }

    /// Looks for document `doc` here and on the server; [`Effect::Ready`]
    /// once it is here.
    pub fn find(&mut self, doc: DocumentId) {
        if self.is_ready(&doc) {
            self.effects.push(Effect::Ready(doc));
            return;
        }
        self.run(Work::Hub(HubEvent::search_for_doc(doc).event));
    }

    /// Whether document `doc` is here and readable.
    pub fn is_ready(&self, doc: &DocumentId) -> bool {
        self.by_doc
            .get(doc)
            .and_then(|a| self.actors.get(a))
            .is_some_and(|a| a.is_document_ready())
    }

    /// Every ready document here, with its heads.
    pub fn heads(&self) -> Vec<(DocumentId, Vec<automerge::ChangeHash>)> {
        self.actors
            .values()
            .filter(|a| a.is_document_ready())
            .map(|a| (a.document_id().clone(), a.document().get_heads()))
            .collect()
    }

    /// Reads document `doc`, if it is ready.
    pub fn read<T>(&self, doc: &DocumentId, f: impl FnOnce(&Automerge) -> T) -> Option<T> {
        let actor = self.actors.get(self.by_doc.get(doc)?)?;
        actor.is_document_ready().then(|| f(actor.document()))
    }

    /// Changes document `doc` (`None` if it is not here).
    pub fn change<T>(
        &mut self,
        doc: &DocumentId,
        f: impl FnOnce(&mut Automerge) -> T,
    ) -> Option<T> {
        let actor_id = *self.by_doc.get(doc)?;
        let now = self.now();
        let actor = self.actors.get_mut(&actor_id)?;
        if !actor.is_document_ready() {
            return None;
        }
        let done = actor.with_document(now, f).ok()?;
        self.unconfirmed.add(doc.clone());
        self.actor_results(actor_id, done.actor_result);
        self.pump();
        self.check_confirmed(doc);
        Some(done.value)
    }

    fn run(&mut self, work: Work) {
        self.work.push_back(work);
        self.pump();
    }

    fn pump(&mut self) {
        while let Some(work) = self.work.pop_front() {
            let now = self.now();
            match work {
                Work::Hub(event) => {
                    let results = self.hub.handle_event(&mut self.rng, now, event);
                    self.hub_results(results);
                }
                Work::Actor(id, msg) => {
                    if let Some(actor) = self.actors.get_mut(&id) {
                        if let Ok(results) = actor.handle_message(now, msg) {
                            self.actor_results(id, results);
                        }
                    }
                }
                Work::ActorIo(id, result) => {
                    if let Some(actor) = self.actors.get_mut(&id) {
                        if let Ok(results) = actor.handle_io_complete(now, result) {
                            self.actor_results(id, results);
                        }
                    }
                }
            }
        }
    }

    fn hub_results(&mut self, results: HubResults) {
        let now = self.now();
        for args in results.spawn_actors {
            let id = args.actor_id();
            let doc = args.document_id().clone();
            let (actor, first) = DocumentActor::new(now, args);
            self.actors.insert(id, actor);
            self.by_doc.insert(doc, id);
            self.actor_results(id, first);
        }
        for (command, result) in results.completed_commands {
            match result {
                CommandResult::CreateConnection { connection_id } => {
                    if let Some(dialer) = self.connecting.remove(&command) {
                        self.conns.insert(dialer, connection_id);
                    } else if self.accepting == Some(command) {
                        self.accepted = Some(connection_id);
                    }
                }
                CommandResult::AddListener { listener_id } => self.listener = Some(listener_id),
                CommandResult::CreateDocument { document_id, .. } => {
                    self.unconfirmed.add(document_id.clone());
                    self.effects.push(Effect::Ready(document_id));
                }
                CommandResult::SearchForDoc {
                    search_state,
                    actor_id,
                } => {
                    let doc = self.actors.get(&actor_id).map(|a| a.document_id().clone());
                    match (doc, search_state.phase()) {
                        (Some(doc), DocSearchPhase::Ready) => self.effects.push(Effect::Ready(doc)),
                        (Some(doc), DocSearchPhase::Searching(_)) => {
                            self.effects.push(Effect::Searching(doc))
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        for (doc, search) in results.search_state_updates {
            match search.phase() {
                DocSearchPhase::Ready => self.effects.push(Effect::Ready(doc)),
                // Only peers that answered: with none connected yet, every
                // search reads as unavailable.
                DocSearchPhase::Searching(peers)
                    if !peers.is_empty() && search.is_currently_unavailable() =>
                {
                    self.effects.push(Effect::Unavailable(doc))
                }
                DocSearchPhase::Searching(_) => self.effects.push(Effect::Searching(doc)),
                DocSearchPhase::Loading => {}
            }
        }
        for task in results.new_tasks {
            match task.action {
                HubIoAction::Send { connection_id, msg } => {
                    self.sent += 1;
                    self.effects.push(Effect::Send {
                        conn: connection_id,
                        bytes: msg,
                    })
                }
                HubIoAction::Disconnect { connection_id } => {
                    self.effects.push(Effect::Close(connection_id))
                }
            }
        }
        for (actor, msg) in results.actor_messages {
            self.work.push_back(Work::Actor(actor, msg));
        }
        for event in results.connection_events {
            match event {
                // A new connection: nothing is owed on it.
                ConnectionEvent::HandshakeCompleted { connection_id, .. } => {
                    (self.sent, self.received) = (0, 0);
                    self.effects.push(Effect::Online(connection_id))
                }
                ConnectionEvent::ConnectionFailed {
                    connection_id,
                    error,
                    ..
                } => {
                    (self.sent, self.received) = (0, 0);
                    let why = self.lost_why.take().unwrap_or(error);
                    self.effects.push(Effect::Offline(connection_id, why))
                }
                ConnectionEvent::StateChanged { .. } => {}
            }
        }
        for request in results.dial_requests {
            self.effects.push(Effect::Dial {
                dialer: request.dialer_id,
                url: request.url.to_string(),
            });
        }
    }

    fn actor_results(&mut self, id: DocumentActorId, results: DocActorResult) {
        for task in results.io_tasks {
            match task.action {
                DocumentIoTask::Storage(storage) => self.effects.push(Effect::Store {
                    actor: id,
                    task: IoTask {
                        task_id: task.task_id,
                        action: storage,
                    },
                }),
                // Every club member shares every document of the club.
                DocumentIoTask::CheckSharePolicy { .. } => self.work.push_back(Work::ActorIo(
                    id,
                    IoResult {
                        task_id: task.task_id,
                        payload: DocumentIoResult::CheckSharePolicy(
                            ShareConfig::read_write().with_announce(self.announce),
                        ),
                    },
                )),
            }
        }
        for msg in results.outgoing_messages {
            self.work
                .push_back(Work::Hub(HubEvent::actor_message(id, msg)));
        }
        let doc = self.actors.get(&id).map(|a| a.document_id().clone());
        if let Some(doc) = doc {
            if !results.peer_state_changes.is_empty() {
                self.check_confirmed(&doc);
                self.peers_moved.insert(doc.clone());
            }
            if !results.change_events.is_empty() {
                self.effects.push(Effect::Changed(doc));
            }
        }
    }
}
