import type { UserRow } from '../db/schema';

/** The signed-in member behind a request: who, which session, and whether an operator acts for them. */
export interface Member {
  user: UserRow;
  sessionId: string;
  impersonated: boolean;
}
