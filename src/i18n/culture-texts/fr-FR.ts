/** Every namespace of fr-FR, in one file: loaded when the culture is used (see ../namespaces.ts). */
export default import.meta.glob<Record<string, unknown>>('../locales/fr-FR/*.json', { eager: true, import: 'default' });
