/** The i18n namespace of the sell-page blocks: src/i18n/locales/<culture>/sell-blocks.json. */
export const SELL_BLOCKS_NAMESPACE = 'sell-blocks';
