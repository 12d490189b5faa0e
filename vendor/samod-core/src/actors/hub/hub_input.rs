use crate::{
    ConnectionId, DialerId, DocumentActorId, DocumentId, ListenerId, PeerId,
    actors::{
        hub::{Command, CommandId},
        messages::DocToHubMsgPayload,
    },
    network::{DialerConfig, ListenerConfig},
};

#[derive(Debug, Clone)]
pub(crate) enum HubInput {
    Command {
        command_id: CommandId,
        command: Box<Command>,
    },
    UpdateSharePolicy {
        document_id: DocumentId,
        peer_id: PeerId,
        config: crate::ShareConfig,
    },
    Tick,
    /// Message received from a document actor
    ActorMessage {
        actor_id: DocumentActorId,
        message: DocToHubMsgPayload,
    },
    /// Notification that a network connection has been lost externally
    ConnectionLost {
        connection_id: ConnectionId,
    },
    /// Register a new dialer
    AddDialer {
        command_id: CommandId,
        config: DialerConfig,
    },
    /// Register a new listener
    AddListener {
        command_id: CommandId,
        config: ListenerConfig,
    },
    /// Create a connection for a dialer (IO layer successfully established transport)
    CreateDialerConnection {
        command_id: CommandId,
        dialer_id: DialerId,
        expected_peer_id: Option<PeerId>,
    },
    /// Create a connection for a listener (IO layer accepted an inbound transport)
    CreateListenerConnection {
        command_id: CommandId,
        listener_id: ListenerId,
        expected_peer_id: Option<PeerId>,
    },
    /// The IO layer failed to establish a transport for a dialer
    DialFailed {
        dialer_id: DialerId,
        error: String,
        /// Whether retrying can never succeed.
        permanent: bool,
    },
    /// Remove a dialer and close its connection
    RemoveDialer {
        dialer_id: DialerId,
    },
    /// Remove a listener and close all its connections
    RemoveListener {
        listener_id: ListenerId,
    },
    Stop,
}
