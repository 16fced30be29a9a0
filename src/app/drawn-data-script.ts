/** The JSON script that carries what the server drew into a page; `<` is escaped so no value can close the script. */
export const drawnDataScript = (scriptId: string, data: unknown): string =>
  `<script type="application/json" id="${scriptId}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
