/** en-US's other namespaces: loaded by the pages beyond the funnel and the cancellation form (see ../text-packs.ts). */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../locales/en-US/*.json',
    '!../locales/en-US/{common,funnel,low-intent,sell-blocks,services,testimonials,catalogue}.json',
  ],
  { eager: true, import: 'default' },
);
