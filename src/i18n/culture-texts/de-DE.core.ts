/** de-DE's core pack: common and the funnel's namespaces. Every page loads it (see ../text-packs.ts). */
export default import.meta.glob<Record<string, unknown>>(
  '../locales/de-DE/{common,funnel,low-intent,sell-blocks,services,testimonials,catalogue}.json',
  { eager: true, import: 'default' },
);
