#[cfg(test)]
mod tests;

use std::time::Duration;

/// Times a sync message where the platform has a clock; a browser's
/// wasm32-unknown-unknown has none (`Instant::now` panics there).
struct Stopwatch(#[cfg(not(target_arch = "wasm32"))] std::time::Instant);

impl Stopwatch {
    fn start() -> Self {
        Stopwatch(
            #[cfg(not(target_arch = "wasm32"))]
            std::time::Instant::now(),
        )
    }

    fn elapsed(&self) -> Duration {
        #[cfg(not(target_arch = "wasm32"))]
        return self.0.elapsed();
        #[cfg(target_arch = "wasm32")]
        return Duration::ZERO;
    }
}

use automerge::{
    Automerge, AutomergeError,
    sync::{self, SyncDoc},
};

use crate::actors::messages::SyncMessage;
use crate::{ConnectionId, PeerId, ShareConfig, UnixTimestamp, network::PeerDocState};

#[derive(Debug)]
pub(crate) struct PeerDocConnection {
    pub(super) connection_id: ConnectionId,
    pub(super) peer_id: PeerId,
    pub(super) sync_state: sync::State,
    // Remember inbound requests or sync attempts, even while denied/paused,
    // so that granting access can answer them without proactive announcement.
    pub(super) has_requested: bool,
    // Whether this state has changed since the last pop
    dirty: bool,
    state: PeerDocState,
    pub(super) share_policy: SharePolicyState,
    last_share_config: Option<ShareConfig>,
    // Preserve message ordering while the asynchronous policy lookup is pending.
    pub(super) pending_sync_messages: Vec<(SyncMessage, UnixTimestamp)>,
    /// Patched (PATCHED.md): the document was made here and no peer has
    /// said anything of it, so this peer holds none of it.
    pub(super) new_here: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SharePolicyState {
    Unknown,
    Loading,
    Ready(ShareConfig),
}

impl PeerDocConnection {
    pub(super) fn new(peer_id: PeerId, connection_id: ConnectionId) -> Self {
        Self {
            connection_id,
            peer_id,
            sync_state: sync::State::new_read_only(),
            has_requested: false,
            state: PeerDocState::empty(),
            dirty: false,
            share_policy: SharePolicyState::Unknown,
            last_share_config: None,
            pending_sync_messages: Vec::new(),
            new_here: false,
        }
    }

    pub(super) fn reset_sync_state(&mut self) {
        self.sync_state = if self.can_write() {
            sync::State::new()
        } else {
            sync::State::new_read_only()
        };
        if self.new_here && self.can_write() {
            self.assume_peer_holds_nothing();
        }
    }

    /// Patched (PATCHED.md): a document made here goes to the peer with
    /// its first message. Automerge's first message names only our heads
    /// and waits for the peer's answer before sending any change: for a
    /// document no peer can hold, that is a message each way and a round
    /// trip for nothing (a phone making a club of 1,000 games sent 2,254
    /// messages for 1,033 documents: each game's envelope and heads twice).
    /// The state now says the peer holds nothing, needs nothing and reads
    /// Automerge's second message format (as the reference sync server
    /// does), so the first message carries the whole document, compressed
    /// (its changes one by one, in the first format, were 1.8 times the
    /// bytes). The peer's answer then sets the state as usual.
    fn assume_peer_holds_nothing(&mut self) {
        self.sync_state.their_capabilities =
            Some(vec![sync::Capability::MessageV1, sync::Capability::MessageV2]);
        self.sync_state.their_heads = Some(Vec::new());
        self.sync_state.their_need = Some(Vec::new());
        self.sync_state.their_have = Some(vec![sync::Have {
            last_sync: Vec::new(),
            bloom: sync::BloomFilter::default(),
        }]);
    }

    pub(super) fn prepare_request(&mut self) {
        // Initial requests already have a fresh state. Automerge has no explicit
        // API to restart synchronization, so for retries we force a read-only to
        // read-write transition. This resets local bookkeeping and tells the
        // remote to resend changes; replacing the state alone would not do that.
        if self.state.last_sent.is_some() || self.state.last_received.is_some() {
            self.sync_state.set_read_only(true);
            self.sync_state.set_read_only(false);
            self.state.shared_heads = Some(self.sync_state.shared_heads.clone());
            self.state.their_heads = self.sync_state.their_heads.clone();
            self.state.peer_read_only = self.sync_state.is_peer_read_only();
            self.dirty = true;
        }
    }

    pub(super) fn mark_requested(&mut self) {
        if !self.has_requested {
            self.has_requested = true;
            self.dirty = true; // Mark as dirty since the request status changed
        }
    }

    pub(super) fn receive_sync_message(
        &mut self,
        now: UnixTimestamp,
        doc: &mut Automerge,
        msg: sync::Message,
    ) -> Result<Duration, AutomergeError> {
        let start = Stopwatch::start();
        doc.receive_sync_message(&mut self.sync_state, msg)?;
        let duration = start.elapsed();
        self.dirty = true;
        self.state.last_received = Some(now);
        self.state.last_acked_heads = self.sync_state.their_heads.clone();
        self.state.shared_heads = Some(self.sync_state.shared_heads.clone());
        self.state.their_heads = self.sync_state.their_heads.clone();
        self.state.peer_read_only = self.sync_state.is_peer_read_only();
        Ok(duration)
    }

    /// Generate messages in wire order, with timing for each message.
    pub(super) fn generate_sync_messages(
        &mut self,
        now: UnixTimestamp,
        doc: &Automerge,
    ) -> Vec<(sync::Message, Duration)> {
        let heads = doc.get_heads();
        let mut messages = Vec::new();
        if self.whole_document_unanswered() {
            return messages;
        }
        loop {
            let start = Stopwatch::start();
            let Some(msg) = doc.generate_sync_message(&mut self.sync_state) else {
                break;
            };
            let duration = start.elapsed();
            let follow_up = msg.heads != heads;
            if follow_up {
                // Automerge 0.12's fallback reset advertises empty heads but
                // records the real heads as sent. An empty peer may not reply.
                // Correct the bookkeeping to what we actually advertised, then
                // immediately generate the real-heads follow-up in this batch.
                self.sync_state.last_sent_heads.clone_from(&msg.heads);
            }
            self.state.last_sent = Some(now);
            self.state.last_sent_heads = Some(msg.heads.clone());
            self.state.shared_heads = Some(self.sync_state.shared_heads.clone());
            self.dirty = true;
            messages.push((msg, duration));
            if !follow_up {
                break;
            }
        }
        messages
    }

    /// Patched (PATCHED.md): whether the last message sent the peer this
    /// whole document (it said it holds none of it) and is unanswered.
    /// Automerge sends the whole document again each time the heads move
    /// until the peer names its heads, so a document changed often while
    /// the peer is busy went out whole at every change: a club of 1,000
    /// games sent its 15-120 KB club document about 1,400 times (25-50 MB).
    /// The changes made meanwhile go with the next message, once the peer
    /// answers.
    fn whole_document_unanswered(&self) -> bool {
        let state = &self.sync_state;
        state.in_flight
            && !state.last_sent_heads.is_empty()
            && state.their_heads.as_ref().is_some_and(|h| h.is_empty())
            && state
                .their_capabilities
                .as_ref()
                .is_some_and(|c| c.contains(&sync::Capability::MessageV2))
    }

    pub(super) fn their_heads(&self) -> Option<Vec<automerge::ChangeHash>> {
        self.sync_state.their_heads.clone()
    }

    pub(super) fn pop(&mut self) -> Option<PeerDocState> {
        if self.dirty {
            self.dirty = false;
            Some(self.state.clone())
        } else {
            None
        }
    }

    pub(super) fn state(&self) -> &PeerDocState {
        &self.state
    }

    /// Bound buffering while an application-provided policy future is pending.
    /// Permit one oversized message so a legitimate full-document sync is not
    /// limited by this queue's byte budget; transports should bound frame size.
    pub(super) fn buffer_sync_message(
        &mut self,
        msg: SyncMessage,
        received_at: UnixTimestamp,
    ) -> bool {
        const MAX_MESSAGES: usize = 64;
        const MAX_BYTES: usize = 16 * 1024 * 1024;
        let message_bytes = |msg: &SyncMessage| match msg {
            SyncMessage::Sync { data } | SyncMessage::Request { data } => data.len(),
            SyncMessage::DocUnavailable => 0,
        };
        let queued_bytes = self
            .pending_sync_messages
            .iter()
            .fold(0usize, |bytes, (msg, _)| {
                bytes.saturating_add(message_bytes(msg))
            });
        if self.pending_sync_messages.len() >= MAX_MESSAGES
            || (!self.pending_sync_messages.is_empty()
                && queued_bytes.saturating_add(message_bytes(&msg)) > MAX_BYTES)
        {
            return false;
        }
        self.pending_sync_messages.push((msg, received_at));
        true
    }

    pub(super) fn share_config(&self) -> Option<ShareConfig> {
        match self.share_policy {
            SharePolicyState::Ready(config) => Some(config),
            _ => None,
        }
    }

    pub(super) fn can_read(&self) -> bool {
        self.share_config().is_some_and(|config| config.can_read())
    }

    pub(super) fn can_write(&self) -> bool {
        self.share_config().is_some_and(|config| config.can_write())
    }

    pub(super) fn can_send(&self) -> bool {
        self.can_read()
            && (self.has_requested
                || self.sync_state.their_heads.is_some()
                || self.share_config().is_some_and(|config| config.announce))
    }

    pub(super) fn set_share_config(&mut self, config: ShareConfig) -> Option<ShareConfig> {
        let previous = self.last_share_config.replace(config);
        self.share_policy = SharePolicyState::Ready(config);
        if self.state.last_sent.is_none() && self.state.last_received.is_none() {
            // Initialize sessions which have not exchanged any sync messages yet.
            self.reset_sync_state();
        } else {
            if previous.is_some_and(|old| !old.can_read()) && config.can_read() {
                // Denial may have dropped messages; restart the exchange on re-grant.
                self.sync_state.set_read_only(false);
            }
            self.sync_state.set_read_only(!config.can_write());
            self.state.shared_heads = Some(self.sync_state.shared_heads.clone());
            self.state.their_heads = self.sync_state.their_heads.clone();
            self.state.peer_read_only = self.sync_state.is_peer_read_only();
        }
        self.state.share_config = Some(config);
        self.dirty = true;
        previous
    }
}
