/** Node module hook (server/main.ts): a stylesheet import, plain or `?url`, loads as an empty module. */
export async function load(url, context, nextLoad) {
  if (/\.css(\?[^#]*)?$/.test(url)) return { format: 'module', source: 'export default "";', shortCircuit: true };
  return nextLoad(url, context);
}
