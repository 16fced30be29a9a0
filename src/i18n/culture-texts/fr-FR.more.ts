/** fr-FR's other namespaces: loaded by the pages beyond the funnel and the cancellation form (see ../text-packs.ts). */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../locales/fr-FR/*.json',
    '!../locales/fr-FR/{common,funnel,low-intent,sell-blocks,services,testimonials,catalogue}.json',
  ],
  { eager: true, import: 'default' },
);
