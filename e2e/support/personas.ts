/** The demo persona ids of DESIGN.md §3, seeded by server/db/seed/personas.ts. */
export const PERSONA_IDS = [
  'new-us',
  'trial-us',
  'active-us',
  'expiring-us',
  'expired-us',
  'suspended-us',
  'active-uk',
  'active-de',
  'new-in',
  'employer',
] as const;

export type PersonaId = (typeof PERSONA_IDS)[number];
