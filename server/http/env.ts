import type { Database } from '../db/database';
import type { ServerConfig } from '../config';
import type { UserRow } from '../repositories/users';
import type { ReadCache } from './read-cache';
import type { SessionCache } from './session-cache';
import type { SkuCatalogue } from '../repositories/sku-catalogue';

export interface AppEnv {
  Variables: {
    db: Database;
    config: ServerConfig;
    cache: ReadCache;
    sessions: SessionCache;
    skus: SkuCatalogue;
    user: UserRow | null;
    sessionId: string | null;
    /**
     * The session cookie of a request whose route checks it in its own statement (a payment):
     * until then `user` is null and nothing is known of it. `checkSession` checks it the usual way.
     */
    uncheckedSession: string | null;
    /** Names this request in the log and in a 500's body. */
    requestId: string;
  };
}
