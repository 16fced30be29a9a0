/** Every namespace of en-CA, in one file: loaded when the culture is used (see ../namespaces.ts). */
export default import.meta.glob<Record<string, unknown>>('../locales/en-CA/*.json', { eager: true, import: 'default' });
