/** Every namespace of en-GB, in one file: loaded when the culture is used (see ../namespaces.ts). */
export default import.meta.glob<Record<string, unknown>>('../locales/en-GB/*.json', { eager: true, import: 'default' });
