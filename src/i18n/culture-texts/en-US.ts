/** Every namespace of en-US but common (which ships with the app), in one file: loaded when the culture is used (see ../namespaces.ts). */
export default import.meta.glob<Record<string, unknown>>(['../locales/en-US/*.json', '!../locales/en-US/common.json'], { eager: true, import: 'default' });
