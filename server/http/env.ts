import type { Database } from '../db/database';
import type { ServerConfig } from '../config';
import type { UserRow } from '../repositories/users';

export interface AppEnv {
  Variables: {
    db: Database;
    config: ServerConfig;
    user: UserRow | null;
    sessionId: string | null;
  };
}
