/** Every namespace of en-IN, in one file: loaded when the culture is used (see ../namespaces.ts). */
export default import.meta.glob<Record<string, unknown>>('../locales/en-IN/*.json', { eager: true, import: 'default' });
