/** The user status cookie carries the sub-role and display name; a bad cookie counts as absent. */
export function readUserStatus(cookieHeader: string): { subRole: string | null; displayName: string | null } {
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('UserStatus='))
    ?.slice('UserStatus='.length);
  if (!raw) return { subRole: null, displayName: null };
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as { SubRole?: unknown; AccDisplayName?: unknown };
    return {
      subRole: typeof value.SubRole === 'string' ? value.SubRole : null,
      displayName: typeof value.AccDisplayName === 'string' ? value.AccDisplayName : null,
    };
  } catch {
    return { subRole: null, displayName: null };
  }
}
