//! The live sessions: one demo each, bounded in number, dropped when idle.

use crate::demos::{self, Demo, Kind};
use crate::error::ApiError;
use crate::limits::Limits;
use serde_json::Value;
use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// One browser page's state.
pub(crate) struct Session {
    pub(crate) demo: Box<dyn Demo>,
    pub(crate) last_active: Instant,
    /// Open WebSockets (an open page keeps its session).
    pub(crate) attached: usize,
    last_step: Instant,
}

impl Session {
    /// Steps the demo by the time since the last step (however many
    /// sockets watch it, time runs once).
    pub(crate) fn advance(&mut self) {
        let now = Instant::now();
        let dt = now.duration_since(self.last_step).as_secs_f64().min(0.1);
        self.last_step = now;
        self.demo.step(dt);
    }
}

impl Session {
    /// Applies one command: the session is active, the demo answers, and
    /// the change shows at once (poses apply at a step), even with no page
    /// open.
    pub(crate) fn apply(&mut self, cmd: Value) -> Result<Value, ApiError> {
        self.last_active = Instant::now();
        let reply = self.demo.apply(cmd)?;
        self.advance();
        Ok(reply)
    }
}

pub(crate) type Shared = Arc<Mutex<Session>>;

/// The server's state as the handlers share it.
pub(crate) type St = Arc<Sessions>;

pub(crate) struct Sessions {
    pub(crate) limits: Limits,
    map: Mutex<HashMap<String, Shared>>,
    ids: RandomState,
    counter: Mutex<u64>,
}

/// Locks, recovering from a poisoned lock (a panic elsewhere must not take
/// every later request down).
pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Sessions {
    pub(crate) fn new(limits: Limits) -> Sessions {
        Sessions {
            limits,
            map: Mutex::new(HashMap::new()),
            ids: RandomState::new(),
            counter: Mutex::new(0),
        }
    }

    pub(crate) fn create(&self, kind: Kind) -> Result<String, ApiError> {
        let demo = demos::make(kind, &self.limits)?;
        let mut map = lock(&self.map);
        if map.len() >= self.limits.max_sessions {
            return Err(ApiError::new(503, "too many sessions: try again later"));
        }
        let n = {
            let mut c = lock(&self.counter);
            *c += 1;
            *c
        };
        // Not guessable from another session's id.
        let id = format!("{:016x}{:04x}", self.ids.hash_one(n), n & 0xffff);
        let now = Instant::now();
        map.insert(
            id.clone(),
            Arc::new(Mutex::new(Session {
                demo,
                last_active: now,
                attached: 0,
                last_step: now,
            })),
        );
        Ok(id)
    }

    pub(crate) fn get(&self, id: &str) -> Result<Shared, ApiError> {
        lock(&self.map)
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::new(404, "no such session (expired?)"))
    }

    /// Applies one command to session `id` (the HTTP route and the
    /// WebSocket both send commands here).
    pub(crate) fn apply(&self, id: &str, cmd: Value) -> Result<Value, ApiError> {
        let session = self.get(id)?;
        let mut session = lock(&session);
        session.apply(cmd)
    }

    pub(crate) fn remove(&self, id: &str) -> bool {
        lock(&self.map).remove(id).is_some()
    }

    pub(crate) fn len(&self) -> usize {
        lock(&self.map).len()
    }

    fn drop_idle(&self) {
        let idle = self.limits.idle;
        lock(&self.map).retain(|_, s| {
            let s = lock(s);
            s.attached > 0 || s.last_active.elapsed() < idle
        });
    }
}

/// Drops idle sessions every few seconds while the server lives.
pub(crate) async fn reap(state: Weak<Sessions>) {
    loop {
        let every = match state.upgrade() {
            Some(s) => {
                s.drop_idle();
                (s.limits.idle / 4).clamp(Duration::from_millis(50), Duration::from_secs(5))
            }
            None => return,
        };
        tokio::time::sleep(every).await;
    }
}
