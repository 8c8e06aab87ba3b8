// Talking to the server (docs/web.md): JSON requests, seat keys, and the live
// connection that keeps a game's state up to date.

/** A refused request: `code` is the error code of docs/web.md ("network" when unreachable). */
export class ApiError extends Error {
  constructor(code, message, status = 0) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

// The CSRF token of this browser (GET /api/account), sent with every request that
// changes something; fetched once, again after signing in or out.
let csrfToken = null;

/** Forget the CSRF token (the session changed): the next request fetches it again. */
export function resetCsrf(token = null) {
  csrfToken = token;
}

async function csrf() {
  if (csrfToken === null) {
    try {
      const response = await fetch("/api/account", { cache: "no-store" });
      csrfToken = (await response.json()).csrf || "";
    } catch {
      return "";
    }
  }
  return csrfToken;
}

/** GET or POST JSON; resolves to the answer, rejects with an ApiError. */
export async function api(path, { method = "GET", body } = {}) {
  let response;
  const headers = body === undefined ? {} : { "Content-Type": "application/json" };
  if (method !== "GET") headers["X-CSRF-Token"] = await csrf();
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new ApiError("network", "The server cannot be reached.");
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    // Not JSON (a proxy's error page, say): reported below by status.
  }
  if (!response.ok || (data && data.ok === false)) {
    const error = (data && data.error) || {};
    const code = error.code || `http_${response.status}`;
    throw new ApiError(code, error.message || response.statusText, response.status);
  }
  return data;
}

// -- keys --------------------------------------------------------------------
//
// A key is "SEAT.SECRET". A page learns keys from its URL fragment
// (#k=0.SECRET,2.SECRET) and keeps them per game in localStorage, so that a
// reload (or a later visit from the lobby) keeps the seats.

const KEYS_PREFIX = "pachisi.keys.";

/** Keys in a URL fragment, as a Map seat -> key. */
export function keysFromFragment(hash) {
  const keys = new Map();
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  for (const key of (params.get("k") || "").split(",")) {
    const match = /^(\d+)\.[A-Za-z0-9_-]+$/.exec(key.trim());
    if (match) keys.set(Number(match[1]), key.trim());
  }
  return keys;
}

/** The fragment that carries `keys` (a Map or an array of keys). */
export function keysFragment(keys) {
  const list = keys instanceof Map ? [...keys.values()] : keys;
  return list.length ? `#k=${list.join(",")}` : "";
}

/** The keys this browser holds for a game. */
export function loadKeys(gameId) {
  try {
    const list = JSON.parse(localStorage.getItem(KEYS_PREFIX + gameId) || "[]");
    return keysFromFragment(`#k=${list.join(",")}`);
  } catch {
    return new Map();
  }
}

/** Remember keys for a game (merged with those already held). */
export function saveKeys(gameId, keys) {
  const merged = loadKeys(gameId);
  for (const [seat, key] of keys) merged.set(seat, key);
  try {
    localStorage.setItem(KEYS_PREFIX + gameId, JSON.stringify([...merged.values()]));
  } catch {
    // Private browsing or a full store: the keys stay in the URL only.
  }
  return merged;
}

/** Ids of the games this browser holds keys for. */
export function gamesWithKeys() {
  const ids = [];
  for (let k = 0; k < localStorage.length; k += 1) {
    const name = localStorage.key(k);
    if (name && name.startsWith(KEYS_PREFIX)) ids.push(name.slice(KEYS_PREFIX.length));
  }
  return ids;
}

// -- the live connection -----------------------------------------------------

const PING_EVERY_MS = 20000;
const MAX_BACKOFF_MS = 8000;

/**
 * Follows one game: a WebSocket that receives every new state, reconnecting
 * with backoff when it drops; while it is down the state is fetched by GET
 * (so the page keeps working where WebSockets are blocked).
 *
 * onState(state) is called with every state received; onStatus(status) with
 * "connecting", "live", "offline" or "missing" (no such game). keys() gives
 * the keys of the seats played here: each connection says hello with them,
 * so the server knows these seats are present (not away).
 */
export class LiveGame {
  constructor(gameId, { onState, onStatus, keys = () => [] }) {
    this.gameId = gameId;
    this.onState = onState;
    this.onStatus = onStatus;
    this.keys = keys;
    this.backoff = 500;
    this.socket = null;
    this.timer = null;
    this.pinger = null;
    this.stopped = false;
    this.dropped = false;
    this.lastHeard = 0;
  }

  start() {
    this.connect();
    // Come back at once when the tab wakes up or the network returns.
    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    });
  }

  connect() {
    clearTimeout(this.timer);
    if (this.stopped) return;
    // Once the connection has dropped, the page says "offline" until it is live again.
    if (!this.dropped) this.onStatus("connecting");
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${scheme}//${location.host}/api/games/${encodeURIComponent(this.gameId)}/ws`;
    let socket;
    try {
      socket = new WebSocket(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.backoff = 500;
      this.lastHeard = Date.now();
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.ping(), PING_EVERY_MS);
      this.hello();
    });
    socket.addEventListener("message", (event) => this.receive(event));
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pinger);
      if (event.code === 4404) {
        this.stopped = true;
        this.onStatus("missing");
        return;
      }
      this.scheduleReconnect();
    });
  }

  receive(event) {
    this.lastHeard = Date.now();
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message.type === "state" && message.state) {
      this.dropped = false;
      this.onStatus("live");
      this.onState(message.state);
    }
  }

  /** Tell the server which seats this page plays (see the constructor). */
  hello() {
    const socket = this.socket;
    const keys = this.keys();
    if (!socket || socket.readyState !== WebSocket.OPEN || !keys.length) return;
    socket.send(JSON.stringify({ type: "hello", keys }));
  }

  /** Keep the connection alive; a connection silent for too long is dropped and redialled. */
  ping() {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.lastHeard > 2.5 * PING_EVERY_MS) {
      socket.close();
      return;
    }
    socket.send(JSON.stringify({ type: "ping" }));
  }

  /** Wait, fetch the state by GET meanwhile, then try the WebSocket again. */
  scheduleReconnect() {
    if (this.stopped) return;
    this.dropped = true;
    this.onStatus("offline");
    const delay = this.backoff;
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
    this.timer = setTimeout(async () => {
      await this.refresh();
      this.connect();
    }, delay);
  }

  reconnectNow() {
    if (this.stopped || this.socket) return;
    this.backoff = 500;
    this.connect();
  }

  /** Fetch the state once by GET (used while the WebSocket is down, and after errors). */
  async refresh() {
    try {
      this.onState(await api(`/api/games/${encodeURIComponent(this.gameId)}`));
    } catch (error) {
      if (error.code === "not_found") {
        this.stopped = true;
        this.onStatus("missing");
      }
    }
  }
}
