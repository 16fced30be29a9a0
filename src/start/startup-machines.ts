/**
 * The machines the app holds from the start, in the order main.tsx builds them (a machine after
 * those it holds), each with the modules of `machines/` built with it. Building a machine is tens of
 * milliseconds on a slow phone, so vite.config.ts gives each family a chunk of its own and main.tsx
 * a step of its own. The build test checks that no other machine is among the sell page's start-up
 * files, and that main.tsx's steps follow this list.
 */
export const STARTUP_MACHINE_FAMILIES = [
  { family: 'startup-access', modules: ['startup-access.machine', 'startup-access.rules'] },
  { family: 'checkout-frame', modules: ['checkout-frame.machine', 'checkout-frame.rules'] },
  {
    family: 'purchase-funnel',
    modules: ['purchase-funnel.machine', 'purchase-funnel.rules', 'service-products.rules'],
  },
] as const;

/** The chunk a module of `machines/` is built into when a start-up machine holds it, or null. */
export function startupMachineChunkOf(moduleId: string): string | null {
  const module = /\/machines\/([\w.-]+)\.ts$/.exec(moduleId)?.[1];
  const owner = STARTUP_MACHINE_FAMILIES.find(({ modules }) => (modules as readonly string[]).includes(module ?? ''));
  return owner ? `machines-${owner.family}` : null;
}
