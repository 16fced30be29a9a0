/** Every namespace of es-ES, in one file: loaded when the culture is used (see ../namespaces.ts). */
export default import.meta.glob<Record<string, unknown>>('../locales/es-ES/*.json', { eager: true, import: 'default' });
