import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { UserColumns } from '../db/tables';
import type { Claims } from '../../src/api/schemas/users';
import { EMPTY_GUID } from '../../src/api/schemas/common';

/** A user as read, with the portal's code. */
export type UserRow = UserColumns & { portal_cd: string };

const SELECT_USER = `select u.*, p.portal_cd from users u join portals p on p.portal_id = u.portal_id`;

/** The user a live session belongs to, and when that session ends; null for an unknown or expired one. */
export async function findSessionUser(
  db: Queryable,
  sessionId: string,
): Promise<{ user: UserRow; expiresAt: number } | null> {
  const rows = await db.query<UserRow & { session_expires_at: Date | string }>(
    `select u.*, p.portal_cd, s.expires_at as session_expires_at from users u join portals p on p.portal_id = u.portal_id join sessions s on s.user_uid = u.user_uid where s.session_id = $1 and s.expires_at > now()`,
    [sessionId],
  );
  const row = rows[0];
  if (!row) return null;
  const { session_expires_at: expiresAt, ...user } = row;
  return { user, expiresAt: new Date(expiresAt).getTime() };
}

export async function findUserByPersona(db: Queryable, personaId: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`${SELECT_USER} where u.persona_id = $1`, [personaId]);
  return rows[0] ?? null;
}

export async function listPersonaUsers(db: Queryable): Promise<UserRow[]> {
  return db.query<UserRow>(`${SELECT_USER} where u.persona_id is not null order by u.persona_id`);
}

/**
 * A public stand-in for the session id: a hash of it, labelled by its use. Scripts read claims,
 * and the cookie is HttpOnly so that they never learn the secret; a SHA-256 of 256 random bits
 * gives them a stable name for the session that tells nothing of the secret itself.
 */
export function publicSessionName(sessionId: string, use: 'token' | 'session', length: number): string {
  return createHash('sha256').update(`${use}:${sessionId}`).digest('base64url').slice(0, length);
}

export function toClaims(user: UserRow, sessionId: string): Claims {
  return {
    Token: publicSessionName(sessionId, 'token', 12),
    FirstName: user.first_name,
    LastName: user.last_name,
    EmailAddress: user.email_address,
    UserUID: user.user_uid,
    SessionID: publicSessionName(sessionId, 'session', 16),
    Role: user.role,
    SubRole: user.sub_role,
    AccDisplayName: user.acc_display_name,
    City: user.city,
    State: user.state_cd,
    CountryCD: user.country_cd,
    CultureCD: user.culture_cd,
    CurrencyCD: user.currency_cd,
    CurrencySymbol: user.currency_symbol,
    Reset_Password: false,
    PortalCD: user.portal_cd,
    PortalID: user.portal_id,
    CreatedOn: new Date(user.created_on).toISOString(),
    SocialToken: null,
    PUID: user.user_uid.replace(/-/g, '').slice(0, 16),
    IsProxyUser: false,
    PartyID: Number(user.party_id),
    IsLocalUser: user.is_local_user,
    AccountID: user.account_id,
    UserType: user.user_type,
  };
}

/** What a visitor with no session sees: the anonymous all-zero id and the guest role. */
export function guestClaims(countryCd = 'US'): Claims {
  return {
    Token: '',
    FirstName: '',
    LastName: '',
    EmailAddress: '',
    UserUID: EMPTY_GUID,
    SessionID: '',
    Role: 'guest',
    SubRole: null,
    AccDisplayName: null,
    City: null,
    State: null,
    CountryCD: countryCd,
    CultureCD: 'en-US',
    CurrencyCD: 'USD',
    CurrencySymbol: '$',
    Reset_Password: false,
    PortalCD: 'RNUS',
    PortalID: 1,
    CreatedOn: new Date(0).toISOString(),
    SocialToken: null,
    PUID: '',
    IsProxyUser: false,
    PartyID: 0,
    IsLocalUser: false,
    AccountID: null,
    UserType: 'NEW',
  };
}
