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

/** Balances announced per member that `expectBalance` remembers (a burst of sends at once). */
const RECENT_BALANCES = 16;

/** The NOTIFY channel migration 0008_throughput announces member and session changes on. */
export const MEMBER_CHANGED_CHANNEL = 'member_changed';

/**
 * Sign-ins already checked against the database, so a member's requests are authenticated
 * without a round trip (docs/decisions.md, "Throughput"). An entry is dropped, in every API
 * process, as soon as the member's row or any of their sessions changes: the database announces
 * each change (a trigger's NOTIFY, delivered on commit) and this process also drops entries at
 * once for what it changes itself (logout, revocation, the member's own writes). A change of the
 * balance alone is announced with the new balance and applied in place (`onChange`). While the
 * change feed is down nothing is cached, and no entry lives longer than `ttlMs` whatever happens.
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
  /**
   * The balances last announced per member (newest last) and when the newest came: a read that
   * raced it stores that balance, and `expectBalance` knows a send's own notice has arrived.
   */
  private readonly balanceSetAt = new Map<number, { seq: number; recent: number[] }>();
  private readonly sessionDroppedAt = new Map<string, number>();
  private live = false;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 50_000,
  ) {}

  /** Follows the database's change feed; until it is up (or after it drops) nothing is cached. */
  async follow(database: Database): Promise<void> {
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
   * One change notice: `<id>` drops the member; `<id>:credits:<balance>` (only their balance
   * moved: a paid send, a purchase) sets the balance of their cached rows in place, so a member
   * who is chatting keeps their cached sign-in. Notices arrive in commit order, so the last
   * balance set is the stored one.
   */
  onChange(payload: string): void {
    const [idText, what, value] = payload.split(':');
    const id = Number(idText);
    if (!Number.isInteger(id)) return;
    const credits = Number(value);
    if (what === 'credits' && Number.isInteger(credits)) this.setCredits(id, credits);
    else this.forgetMember(id);
  }

  /**
   * Sets a member's balance in their cached rows. A read that began before the notice may hold
   * the balance before it: it is stored with this one (the rest of the row did not change).
   */
  private setCredits(userId: number, credits: number): void {
    this.seq += 1;
    if (this.balanceSetAt.size >= this.maxEntries) this.clear();
    const recent = [...(this.balanceSetAt.get(userId)?.recent ?? []), credits].slice(-RECENT_BALANCES);
    this.balanceSetAt.set(userId, { seq: this.seq, recent });
    for (const sessionId of this.sessionsOf.get(userId) ?? []) {
      const entry = this.bySession.get(sessionId);
      if (entry) entry.user.credits = credits;
    }
  }

  /**
   * After a request of the member that left their balance at `credits`: keeps their cached rows
   * when the database's notice of that balance has arrived (as it nearly always has: the rows
   * show it, or a later balance when the member sent several messages at once), else drops them,
   * so the member's next request reads their own change either way.
   */
  expectBalance(userId: number, credits: number): void {
    if (this.balanceSetAt.get(userId)?.recent.includes(credits)) return;
    const sessions = [...(this.sessionsOf.get(userId) ?? [])];
    if (sessions.some((id) => this.bySession.get(id)?.user.credits !== credits)) this.forgetMember(userId);
  }

  async close(): Promise<void> {
    this.live = false;
    this.clear();
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
    const balance = this.balanceSetAt.get(user.id);
    const latest = balance?.recent.at(-1);
    if (balance && balance.seq > ticket && latest !== undefined) user.credits = latest;
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
    this.balanceSetAt.clear();
    this.sessionDroppedAt.clear();
    this.bySession.clear();
    this.sessionsOf.clear();
  }
}
