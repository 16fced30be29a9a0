/** en-US's core pack: the funnel's namespaces (common ships with the app). Every page loads it (see ../text-packs.ts). */
export default import.meta.glob<Record<string, unknown>>(
  '../locales/en-US/{funnel,low-intent,sell-blocks,services,testimonials,catalogue}.json',
  { eager: true, import: 'default' },
);
