/** Every namespace of de-DE, in one file: loaded when the culture is used (see ../namespaces.ts). */
export default import.meta.glob<Record<string, unknown>>('../locales/de-DE/*.json', { eager: true, import: 'default' });
