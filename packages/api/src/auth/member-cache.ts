import type { Database } from '../db/database';
import type { UserRow } from '../db/schema';

/** What authenticating a session found: the member's row and the session's own facts. */
export interface CachedSignIn {
  user: UserRow;
  impersonated: boolean;
  sessionExpiresAt: Date;
}

interface Entry extends CachedSignIn {
  storedAt: number;
}

/** The NOTIFY channel migration 0008_throughput announces member and session changes on. */
export const MEMBER_CHANGED_CHANNEL = 'member_changed';

/**
 * Sign-ins already checked against the database, so a member's requests are authenticated
 * without a round trip (docs/decisions.md, "Throughput"). An entry is dropped, in every API
 * process, as soon as the member's row or any of their sessions changes: the database announces
 * each change (a trigger's NOTIFY, delivered on commit) and this process also drops entries at
 * once for what it changes itself (logout, revocation, the member's own writes). A change of the
 * balance alone is announced with the new balance and its `credits_version` and applied in place
 * (`onChange`), as is the balance a member's own send left (`expectBalance`): the version says
 * which of two balances is newer. A paid send's debit is announced by the process that made it,
 * after the commit (`announceBalance`), not by the database. While the change feed is down
 * nothing is cached, and no entry lives longer than `ttlMs` whatever happens.
 */
export class MemberCache {
  private readonly bySession = new Map<string, Entry>();
  private readonly sessionsOf = new Map<number, Set<string>>();
  /**
   * Every drop takes the next number of `seq`; a read notes `seq` before it queries (its ticket)
   * and is not stored when its member, its session or everything was dropped after that.
   */
  private seq = 0;
  private clearedAt = 0;
  private readonly memberDroppedAt = new Map<number, number>();
  /** The newest balance known per member (announced, or left by their own send), by version. */
  private readonly balances = new Map<number, { credits: number; version: number }>();
  private readonly sessionDroppedAt = new Map<string, number>();
  private live = false;
  private stopListening: (() => Promise<void>) | null = null;
  private database: Database | null = null;
  /** Balance notices of this turn, announced together (`announceBalance`). */
  private notices: string[] = [];
  private readonly announcing = new Set<Promise<void>>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 50_000,
  ) {}

  /** Follows the database's change feed; until it is up (or after it drops) nothing is cached. */
  async follow(database: Database): Promise<void> {
    this.database = database;
    this.stopListening = await database.listen(
      MEMBER_CHANGED_CHANNEL,
      (payload) => {
        this.live = true;
        this.onChange(payload);
      },
      () => {
        this.live = false;
        this.clear();
      },
    );
    this.live = true;
  }

  /**
   * One change notice: `<id>` drops the member; `<id>:credits:<balance>:<version>` (only their
   * balance moved: a paid send, a purchase) sets the balance of their cached rows in place, so a
   * member who is chatting keeps their cached sign-in.
   */
  onChange(payload: string): void {
    const [idText, what, value, versionText] = payload.split(':');
    const id = Number(idText);
    if (!Number.isInteger(id)) return;
    const credits = Number(value);
    const version = Number(versionText);
    if (what === 'credits' && Number.isInteger(credits) && Number.isInteger(version)) {
      this.setBalance(id, credits, version);
    } else this.forgetMember(id);
  }

  /**
   * After a request of the member that left their balance at `credits` with `version` (a send):
   * their cached rows show it at once, unless they already show a newer one, whether or not the
   * database's notice of it has arrived. The member's next request sees their own change.
   */
  expectBalance(userId: number, credits: number, version: number): void {
    this.setBalance(userId, credits, version);
  }

  /**
   * As `expectBalance`, for the balance a paid send of the member just committed, which the other
   * API processes learn from this process: the send's own transaction leaves its debit
   * unannounced (migration 0019), since a transaction holding a notice keeps PostgreSQL's one
   * notify lock until its commit is on disk, and every paid send queued behind the others'. The
   * notices of one turn of the event loop go in one statement (`Database.announce`).
   */
  announceBalance(userId: number, credits: number, version: number): void {
    this.setBalance(userId, credits, version);
    if (!this.database) return;
    this.notices.push(`${userId}:credits:${credits}:${version}`);
    if (this.notices.length === 1) setImmediate(() => this.announceNotices());
  }

  /**
   * The member was recorded active at `at` (`last_active_at`, which the database does not
   * announce: migration 0020): their cached rows here show it, so the next request does not
   * write it again.
   */
  activeAt(userId: number, at: Date): void {
    for (const user of this.cachedRowsOf(userId)) {
      if (!user.lastActiveAt || user.lastActiveAt < at) user.lastActiveAt = at;
    }
  }

  /** The member's row as each of their cached sessions holds it, to change in place. */
  private *cachedRowsOf(userId: number): Generator<UserRow> {
    for (const sessionId of this.sessionsOf.get(userId) ?? []) {
      const entry = this.bySession.get(sessionId);
      if (entry) yield entry.user;
    }
  }

  private announceNotices(): void {
    const payloads = this.notices;
    this.notices = [];
    if (!this.database || payloads.length === 0) return;
    const announced = this.database
      .announce(MEMBER_CHANGED_CHANNEL, payloads)
      .catch(() => {
        // The database is away: the other processes show the older balance until their cached
        // rows expire (`ttlMs`), as when a notice is lost with the change feed.
      })
      .finally(() => this.announcing.delete(announced));
    this.announcing.add(announced);
  }

  /**
   * Sets a member's balance in their cached rows when it is newer than theirs: changes of one
   * member's balance are serialised by the lock on their row and numbered in that order
   * (migration 0010), so notices and answers may arrive in any order. A read that began before
   * is stored with it too (`set`).
   */
  private setBalance(userId: number, credits: number, version: number): void {
    const known = this.balances.get(userId);
    if (known && known.version >= version) return;
    if (this.balances.size >= this.maxEntries) this.clear();
    this.balances.set(userId, { credits, version });
    for (const user of this.cachedRowsOf(userId)) {
      if (user.creditsVersion < version) {
        user.credits = credits;
        user.creditsVersion = version;
      }
    }
  }

  async close(): Promise<void> {
    this.live = false;
    this.clear();
    this.announceNotices();
    await Promise.all(this.announcing);
    await this.stopListening?.();
  }

  /** A copy of the cached sign-in (routes may change their copy), or null. */
  get(sessionId: string, now = Date.now()): CachedSignIn | null {
    const entry = this.bySession.get(sessionId);
    if (!entry) return null;
    if (now - entry.storedAt > this.ttlMs || entry.sessionExpiresAt.getTime() <= now) {
      this.bySession.delete(sessionId);
      this.sessionsOf.get(entry.user.id)?.delete(sessionId);
      return null;
    }
    return {
      user: { ...entry.user },
      impersonated: entry.impersonated,
      sessionExpiresAt: entry.sessionExpiresAt,
    };
  }

  /** What a read hands back to `set`, taken before it queries the database. */
  ticket(): number {
    return this.seq;
  }

  /** Stores what a read found, unless its member or session was dropped since its ticket. */
  set(sessionId: string, signIn: CachedSignIn, ticket: number): void {
    if (!this.live || this.clearedAt > ticket) return;
    if ((this.memberDroppedAt.get(signIn.user.id) ?? 0) > ticket) return;
    if ((this.sessionDroppedAt.get(sessionId) ?? 0) > ticket) return;
    if (this.bySession.size >= this.maxEntries) this.clear();
    const user = { ...signIn.user };
    const balance = this.balances.get(user.id);
    if (balance && balance.version > user.creditsVersion) {
      user.credits = balance.credits;
      user.creditsVersion = balance.version;
    }
    this.bySession.set(sessionId, { ...signIn, user, storedAt: Date.now() });
    let sessions = this.sessionsOf.get(signIn.user.id);
    if (!sessions) {
      sessions = new Set();
      this.sessionsOf.set(signIn.user.id, sessions);
    }
    sessions.add(sessionId);
  }

  forgetSession(sessionId: string): void {
    this.seq += 1;
    if (this.sessionDroppedAt.size >= this.maxEntries) this.clear();
    this.sessionDroppedAt.set(sessionId, this.seq);
    const entry = this.bySession.get(sessionId);
    this.bySession.delete(sessionId);
    if (entry) this.sessionsOf.get(entry.user.id)?.delete(sessionId);
  }

  forgetMember(userId: number): void {
    this.seq += 1;
    if (this.memberDroppedAt.size >= this.maxEntries) this.clear();
    this.memberDroppedAt.set(userId, this.seq);
    for (const sessionId of this.sessionsOf.get(userId) ?? []) this.bySession.delete(sessionId);
    this.sessionsOf.delete(userId);
  }

  /** Drops everything; a read that began before is not stored either. */
  clear(): void {
    this.seq += 1;
    this.clearedAt = this.seq;
    this.memberDroppedAt.clear();
    this.balances.clear();
    this.sessionDroppedAt.clear();
    this.bySession.clear();
    this.sessionsOf.clear();
  }
}
